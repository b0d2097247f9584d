import { availableParallelism } from 'node:os';
import { booleanIntersects } from '@turf/turf';
import type { Geometry } from 'geojson';
import { AppError } from './app-error';
import { createWorkerPool } from './worker-pool';

/**
 * Below this many vertex pairs (area × candidates) the test costs a few milliseconds and runs inline: handing it to a
 * worker (copying both shapes) would cost as much.
 */
export const INLINE_VERTEX_PAIRS = 1_000_000;

/** An idle worker is kept this long for the next test (starting one and loading turf costs a few hundred ms). */
const IDLE_MS = 60_000;

export interface GeometryPool {
  /** For each geometry, whether the area touches it (boundary included), like turf's `booleanIntersects`. */
  intersectsEach(area: Geometry, geometries: readonly Geometry[]): Promise<boolean[]>;
  close(): Promise<void>;
}

function vertexCount(geometry: Geometry): number {
  if (geometry.type === 'GeometryCollection') return geometry.geometries.reduce((sum, each) => sum + vertexCount(each), 0);
  if (geometry.type === 'Point') return 1;
  return (geometry.coordinates as unknown[]).flat(3).length / 2;
}

/**
 * A few worker threads for the costly geometric tests (geometry-worker.mjs on the piscina pool helper), so that one
 * heavy request never holds the thread every other request is answered on. A task that runs longer than `timeoutMs`
 * has its worker ended and answers 422 GEOMETRY_TOO_COMPLEX.
 */
export function createGeometryPool(options: { size?: number; timeoutMs: number }): GeometryPool {
  const pool = createWorkerPool<{ area: Geometry; geometries: readonly Geometry[] }, boolean[]>({
    file: new URL('./geometry-worker.mjs', import.meta.url),
    threads: options.size ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
    timeoutMs: options.timeoutMs,
    idleMs: IDLE_MS,
    timedOut: () => new AppError('GEOMETRY_TOO_COMPLEX', `The geometric test took longer than ${options.timeoutMs} ms`),
  });
  let closed = false;

  return {
    intersectsEach(area, geometries) {
      if (geometries.length === 0) return Promise.resolve([]);
      const pairs = vertexCount(area) * geometries.reduce((sum, geometry) => sum + vertexCount(geometry), 0);
      if (pairs <= INLINE_VERTEX_PAIRS) return Promise.resolve(geometries.map((geometry) => booleanIntersects(area, geometry)));
      if (closed) return Promise.reject(new Error('the geometry pool is closed'));
      return pool.run({ area, geometries });
    },
    async close() {
      closed = true;
      await pool.close();
    },
  };
}
