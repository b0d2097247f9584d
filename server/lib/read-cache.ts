import type { TableChanges } from './table-changes';

export interface ReadCacheStats {
  /** Answered from memory, or by joining the same read already under way. */
  hits: number;
  /** Read from the database and kept. */
  misses: number;
  /** Read from the database without caching: no pooled connection was listening for changes. */
  bypassed: number;
  /** Times a change of one of the tables emptied the cache. */
  invalidations: number;
}

export interface ReadCache<V> {
  /** The value kept for `key`, else `load()`'s, kept until one of the cache's tables changes. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /**
   * The value kept for `key` once its read has ended, else undefined (nothing kept, a read under way, or no pooled
   * connection listening): the caller answers at once without awaiting, and calls `get` otherwise.
   */
  peek(key: string): V | undefined;
  stats(): ReadCacheStats;
}

/**
 * Results of reads over `tables`, kept in memory until the database notifies a change of one of them
 * (server/lib/table-changes.ts). The read itself is kept, not only its result: identical requests arriving
 * while it runs share it, and a change emptying the cache drops it too, so a read that started before a
 * change is never kept after it. Values are shared between requests and must not be modified.
 */
export function createReadCache<V>(changes: TableChanges, options: { tables: readonly string[]; maxEntries: number }): ReadCache<V> {
  const entries = new Map<string, Promise<V>>();
  const values = new Map<string, V>();
  const stats: ReadCacheStats = { hits: 0, misses: 0, bypassed: 0, invalidations: 0 };
  changes.subscribe((table) => {
    if (table !== null && !options.tables.includes(table)) return;
    entries.clear();
    values.clear();
    stats.invalidations += 1;
  });
  return {
    get(key, load) {
      if (!changes.listening()) {
        stats.bypassed += 1;
        return load();
      }
      const kept = entries.get(key);
      if (kept) {
        stats.hits += 1;
        return kept;
      }
      stats.misses += 1;
      const read = load();
      entries.set(key, read);
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
        values.delete(oldest);
      }
      read.then(
        (value) => {
          if (entries.get(key) === read) values.set(key, value);
        },
        () => {
          if (entries.get(key) === read) entries.delete(key);
        },
      );
      return read;
    },
    peek(key) {
      if (!changes.listening()) return undefined;
      const value = values.get(key);
      if (value !== undefined) stats.hits += 1;
      return value;
    },
    stats: () => ({ ...stats }),
  };
}
