// The geometric tests that can take long (a detailed area against detailed zones or airspaces), run off the request
// thread by server/lib/geometry-pool.ts on piscina. Plain JavaScript so that it starts the same under node, tsx and vitest.
import { parentPort } from 'node:worker_threads';
import { booleanIntersects } from '@turf/turf';

export default function intersectsEach({ id, area, geometries }) {
  parentPort.postMessage({ started: id });
  return geometries.map((geometry) => booleanIntersects(area, geometry));
}
