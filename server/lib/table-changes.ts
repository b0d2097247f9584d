import type pg from 'pg';

/** The channel the migrations' triggers notify, with "<table> <transaction id>" as payload. */
export const CHANGES_CHANNEL = 'aerogate_changes';

const HEARD_MAX = 10_000;

/** `table` changed; null when the process may have missed changes (it listened on no connection for a while). */
export type ChangeListener = (table: string | null) => void;

export interface TableChanges {
  /** Whether a change committed now by anyone will reach this process: at least one pooled connection listens. */
  listening(): boolean;
  /** Calls `listener` at every change until the returned function is called. */
  subscribe(listener: ChangeListener): () => void;
  /** The pool's `onConnect` hook: the connection listens before it serves its first query. */
  attach(client: pg.ClientBase): Promise<void>;
}

/**
 * Change notifications of the database, heard on every pooled connection rather than on one connection of
 * its own. PostgreSQL hands a session its own notifications before the COMMIT's answer, so a write made
 * through this pool has reached the listeners before the writer's query resolves: a request that follows a
 * write on the same instance never reads a cache from before it. Another instance's writes arrive as soon as
 * PostgreSQL delivers them to an idle connection of this pool. PGlite (one session) behaves the same.
 */
export function createTableChanges(): TableChanges {
  const listeners = new Set<ChangeListener>();
  const connections = new Set<pg.ClientBase>();
  // Each listening connection receives its own copy of a notification, some after a cache was filled again.
  const heard = new Set<string>();
  const emit = (table: string | null) => {
    for (const listener of listeners) listener(table);
  };
  return {
    listening: () => connections.size > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async attach(client) {
      client.on('notification', (message) => {
        if (message.channel !== CHANGES_CHANNEL || !message.payload || heard.has(message.payload)) return;
        heard.add(message.payload);
        if (heard.size > HEARD_MAX) heard.delete(heard.values().next().value as string);
        emit(message.payload.split(' ')[0]!);
      });
      client.once('end', () => {
        if (connections.delete(client) && connections.size === 0) emit(null);
      });
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      connections.add(client);
    },
  };
}
