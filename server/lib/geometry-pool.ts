import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { booleanIntersects } from '@turf/turf';
import type { Geometry } from 'geojson';
import { AppError } from './app-error';

/**
 * Below this many vertex pairs (area × candidates) the test costs a few milliseconds and runs inline: handing it to a
 * worker (copying both shapes) would cost as much.
 */
export const INLINE_VERTEX_PAIRS = 1_000_000;

export interface GeometryPool {
  /** For each geometry, whether the area touches it (boundary included), like turf's `booleanIntersects`. */
  intersectsEach(area: Geometry, geometries: readonly Geometry[]): Promise<boolean[]>;
  close(): Promise<void>;
}

interface Task {
  id: number;
  area: Geometry;
  geometries: readonly Geometry[];
  resolve: (result: boolean[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
  timer: NodeJS.Timeout | undefined;
}

function vertexCount(geometry: Geometry): number {
  if (geometry.type === 'GeometryCollection') return geometry.geometries.reduce((sum, each) => sum + vertexCount(each), 0);
  if (geometry.type === 'Point') return 1;
  return (geometry.coordinates as unknown[]).flat(3).length / 2;
}

/**
 * A few worker threads for the costly geometric tests, so that one heavy request never holds the thread every other
 * request is answered on. A task that runs longer than `timeoutMs` has its worker replaced and answers
 * 422 GEOMETRY_TOO_COMPLEX.
 */
export function createGeometryPool(options: { size?: number; timeoutMs: number }): GeometryPool {
  const size = options.size ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(new URL('./geometry-worker.mjs', import.meta.url)), task: undefined, timer: undefined };
    // Idle workers must not keep the process alive; a task in flight is awaited by its request anyway.
    slot.worker.unref();
    slot.worker.on('message', (message: { id: number; result?: boolean[]; error?: string }) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      finish(slot);
      if (message.error !== undefined) task.reject(new Error(message.error));
      else task.resolve(message.result ?? []);
      pump();
    });
    slot.worker.on('error', (error) => {
      const task = slot.task;
      replace(slot);
      task?.reject(error);
      pump();
    });
    return slot;
  }

  function finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
  }

  function replace(slot: Slot) {
    finish(slot);
    void slot.worker.terminate();
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  }

  function pump() {
    if (closed) return;
    while (queue.length > 0) {
      let slot = slots.find((each) => !each.task);
      if (!slot && slots.length < size) {
        slot = spawn();
        slots.push(slot);
      }
      if (!slot) return;
      const task = queue.shift() as Task;
      const running = slot;
      running.task = task;
      running.timer = setTimeout(() => {
        replace(running);
        task.reject(new AppError('GEOMETRY_TOO_COMPLEX', `The geometric test took longer than ${options.timeoutMs} ms`));
        pump();
      }, options.timeoutMs);
      running.worker.postMessage({ id: task.id, area: task.area, geometries: task.geometries });
    }
  }

  return {
    intersectsEach(area, geometries) {
      if (geometries.length === 0) return Promise.resolve([]);
      const pairs = vertexCount(area) * geometries.reduce((sum, geometry) => sum + vertexCount(geometry), 0);
      if (pairs <= INLINE_VERTEX_PAIRS) return Promise.resolve(geometries.map((geometry) => booleanIntersects(area, geometry)));
      if (closed) return Promise.reject(new Error('the geometry pool is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, area, geometries, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('the geometry pool is closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
