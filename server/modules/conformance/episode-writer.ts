import type { EpisodeRow } from './conformance.repository';

/**
 * The write-behind writer of episode rows. Writes go one after the other (an episode's insert before its updates),
 * and the rows handed in while a write is under way go together in the next one: one statement for many batches,
 * and no batch's check waits for another's write. A row created and changed again before its write is one insert.
 */
export function createEpisodeWriter(writeEpisodes: (creates: readonly EpisodeRow[], updates: readonly EpisodeRow[]) => Promise<unknown>) {
  let unwritten = { creates: new Map<string, EpisodeRow>(), updates: new Map<string, EpisodeRow>() };
  // The write under way (or the last one) and the one waiting for it, which takes every row unwritten when it starts.
  let lastWrite: Promise<unknown> = Promise.resolve();
  let nextWrite: Promise<void> | null = null;

  /** Queues these rows as they are now (`created`: not in the database yet); resolves once they are written. */
  return function write(rows: Iterable<{ row: EpisodeRow; created: boolean }>): Promise<void> {
    for (const { row, created } of rows) {
      const into = created || unwritten.creates.has(row.id) ? unwritten.creates : unwritten.updates;
      into.set(row.id, row);
    }
    if (!nextWrite) {
      const run = lastWrite.then(async () => {
        nextWrite = null;
        const { creates, updates } = unwritten;
        unwritten = { creates: new Map(), updates: new Map() };
        await writeEpisodes([...creates.values()], [...updates.values()]);
      });
      nextWrite = run;
      lastWrite = run.catch(() => undefined);
    }
    return nextWrite;
  };
}

export type EpisodeWriter = ReturnType<typeof createEpisodeWriter>;
