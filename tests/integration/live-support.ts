import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { LiveConformance, LiveDelta, LiveSnapshot, LiveStatus, LiveViolation } from '../../src/shared/contracts/traffic';

type LiveEvent =
  | { event: 'snapshot'; data: LiveSnapshot }
  | { event: 'delta'; data: LiveDelta }
  | { event: 'violation'; data: LiveViolation }
  | { event: 'conformance'; data: LiveConformance }
  | { event: 'status'; data: LiveStatus };

/** The app on a loopback port, for clients that read a stream (supertest waits for the end of the answer). */
export async function listen(app: Express): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A live-map client as the SPA runs it: fetch with the bearer header, the body read as Server-Sent Events. Keeps
 * every event and heartbeat; `next` waits for the first event not yet taken that matches.
 */
export function openLive(baseUrl: string, token: string, bbox: string) {
  return openStream(baseUrl, token, `/api/traffics/live?bbox=${bbox}`);
}

/** Any of the API's event streams (the live map's, the manager's violation notices), read as `openLive` does. */
export async function openStream(baseUrl: string, token: string, path: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  let heartbeats = 0;
  const waiters = new Set<() => unknown>();
  let closed = false;
  const ending = new Set<() => unknown>();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith(':')) heartbeats++;
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) } as LiveEvent);
          }
          for (const wake of waiters) wake();
        }
      } catch {
        // Aborted by close().
      }
      closed = true;
      for (const wake of ending) wake();
    })();
  }
  let taken = 0;
  return {
    response,
    events,
    get heartbeats() {
      return heartbeats;
    },
    /** The next event of this kind (after those already taken), within `timeoutMs`. */
    next<K extends LiveEvent['event']>(kind: K, timeoutMs = 5000): Promise<Extract<LiveEvent, { event: K }>['data']> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = events.findIndex((e, i) => i >= taken && e.event === kind);
          if (index < 0) return false;
          taken = index + 1;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(events[index]!.data as never);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${kind} event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(taken))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    /** Resolves when the server ends the stream, within `timeoutMs`. */
    ended(timeoutMs = 5000): Promise<void> {
      return new Promise((resolve, reject) => {
        if (closed) return resolve();
        const timer = setTimeout(() => {
          ending.delete(wake);
          reject(new Error(`the stream was still open after ${timeoutMs} ms`));
        }, timeoutMs);
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        ending.add(wake);
      });
    },
    get open() {
      return !closed;
    },
    close() {
      controller.abort();
    },
  };
}
