// The geometric tests that can take long (a detailed area against detailed zones or airspaces), run off the request
// thread by server/lib/geometry-pool.ts. Plain JavaScript so that it starts the same under node, tsx and vitest.
import { parentPort } from 'node:worker_threads';
import { booleanIntersects } from '@turf/turf';

parentPort.on('message', ({ id, area, geometries }) => {
  try {
    parentPort.postMessage({ id, result: geometries.map((geometry) => booleanIntersects(area, geometry)) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
