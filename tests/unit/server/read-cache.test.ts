import { describe, expect, it } from 'vitest';
import { createReadCache } from '../../../server/lib/read-cache';
import type { ChangeListener, TableChanges } from '../../../server/lib/table-changes';

/** Change notifications driven by the test: `notify` stands for the database, `listening` for the pool. */
function fakeChanges() {
  const listeners = new Set<ChangeListener>();
  const state = { listening: true };
  const feed: TableChanges = {
    listening: () => state.listening,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach: () => Promise.resolve(),
  };
  return {
    feed,
    stopListening() {
      state.listening = false;
    },
    notify(table: string | null) {
      for (const listener of listeners) listener(table);
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('read cache', () => {
  const setup = () => {
    const changes = fakeChanges();
    const cache = createReadCache<string>(changes.feed, { tables: ['User'], maxEntries: 2 });
    let loads = 0;
    const load = (value: string) => () => {
      loads += 1;
      return Promise.resolve(value);
    };
    return { changes, cache, load, loads: () => loads };
  };

  it('reads once and answers the kept value until one of its tables changes', async () => {
    const { changes, cache, load, loads } = setup();

    expect(await cache.get('page-1', load('v1'))).toBe('v1');
    expect(await cache.get('page-1', load('v2'))).toBe('v1');
    changes.notify('User');
    expect(await cache.get('page-1', load('v3'))).toBe('v3');

    expect(loads()).toBe(2);
    expect(cache.stats()).toEqual({ hits: 1, misses: 2, bypassed: 0, invalidations: 1 });
  });

  it('keeps its values through changes of other tables', async () => {
    const { changes, cache, load } = setup();
    await cache.get('page-1', load('v1'));

    changes.notify('Mission');

    expect(await cache.get('page-1', load('v2'))).toBe('v1');
  });

  it('lets identical requests share a read under way', async () => {
    const { cache } = setup();
    const read = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return read.promise;
    };

    const first = cache.get('page-1', load);
    const second = cache.get('page-1', load);
    read.resolve('v1');

    expect(await Promise.all([first, second])).toEqual(['v1', 'v1']);
    expect(loads).toBe(1);
  });

  it('never keeps a read that started before a change', async () => {
    const { changes, cache, load } = setup();
    const before = deferred<string>();
    const stale = cache.get('page-1', () => before.promise);

    changes.notify('User');
    const fresh = cache.get('page-1', load('after'));
    before.resolve('before');

    expect(await stale).toBe('before');
    expect(await fresh).toBe('after');
    expect(await cache.get('page-1', load('later'))).toBe('after');
  });

  it('empties itself when notifications may have been missed, and keeps nothing while nobody listens', async () => {
    const { changes, cache, load } = setup();
    await cache.get('page-1', load('v1'));

    changes.notify(null);
    changes.stopListening();

    expect(await cache.get('page-1', load('v2'))).toBe('v2');
    expect(await cache.get('page-1', load('v3'))).toBe('v3');
    expect(cache.stats().bypassed).toBe(2);
  });

  it('forgets a failed read, so the next request reads again', async () => {
    const { cache, load } = setup();

    await expect(cache.get('page-1', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');

    expect(await cache.get('page-1', load('v1'))).toBe('v1');
  });

  it('keeps at most maxEntries values, dropping the oldest', async () => {
    const { cache, load, loads } = setup();
    await cache.get('page-1', load('v1'));
    await cache.get('page-2', load('v2'));
    await cache.get('page-3', load('v3'));

    await cache.get('page-3', load('x'));
    await cache.get('page-1', load('v1 again'));

    expect(loads()).toBe(4);
  });

  it('peeks only at a value whose read has ended, and not after a change or while nobody listens', async () => {
    const { changes, cache, load } = setup();
    const read = deferred<string>();
    const first = cache.get('page-1', () => read.promise);

    expect(cache.peek('page-1')).toBeUndefined();
    read.resolve('v1');
    await first;
    expect(cache.peek('page-1')).toBe('v1');

    changes.notify('User');
    expect(cache.peek('page-1')).toBeUndefined();

    const stale = deferred<string>();
    const before = cache.get('page-2', () => stale.promise);
    changes.notify('User');
    stale.resolve('before');
    await before;
    expect(cache.peek('page-2')).toBeUndefined();

    await cache.get('page-1', load('v2'));
    changes.stopListening();
    expect(cache.peek('page-1')).toBeUndefined();
  });
});
