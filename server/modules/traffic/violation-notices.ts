import type { Response } from 'express';
import type { LiveViolation } from '../../../src/shared/contracts/traffic';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { TrafficBus } from './traffic.bus';
import { sees, type LiveScope, type LiveScopes } from './traffic.scope';

export interface ViolationNoticesOptions {
  bus: TrafficBus;
  scopes: LiveScopes;
  clock: Clock;
  logger: Logger;
  /** A stream ends when the token that opened it expires: the client reconnects with a fresh one, or not at all. */
  sessionMs: number;
  heartbeatMs?: number;
  /** How long a client's scope (the airspaces he manages) is trusted before it is read again. */
  scopeRefreshMs?: number;
}

interface Listener {
  user: AuthUser;
  res: Response;
  scope: LiveScope;
  scopeReadAt: number;
}

/**
 * `GET /api/violations/notices` (docs/airspace-manager.md): an airspace manager's on-screen notices, one Server-Sent
 * `violation` event when a flight in one of his airspaces starts an episode, wherever he is in the back office. The
 * live map's stream carries every change of an episode in a viewport; this one only the starts, for the whole of his
 * airspaces, so that a tab kept open costs a heartbeat and nothing per position.
 */
export function createViolationNotices(options: ViolationNoticesOptions) {
  const { bus, scopes, clock, logger, sessionMs } = options;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const scopeRefreshMs = options.scopeRefreshMs ?? 30_000;
  const listeners = new Set<Listener>();
  /** Episodes already announced; an episode's later events (worse, ended) are no new notice. */
  const announced = new Set<string>();
  let heartbeat: NodeJS.Timeout | null = null;

  async function deliver(violation: LiveViolation) {
    const now = clock.now();
    const text = `event: violation\ndata: ${JSON.stringify(violation)}\n\n`;
    for (const listener of listeners) {
      if (now.getTime() - listener.scopeReadAt >= scopeRefreshMs) {
        listener.scope = await scopes(listener.user, now).catch(() => listener.scope);
        listener.scopeReadAt = now.getTime();
      }
      if (sees(listener.scope, { userId: null, missionId: violation.missionId, lat: violation.lat, lon: violation.lon })) {
        listener.res.write(text);
      }
    }
  }

  const unsubscribe = bus.subscribe({
    positions() {},
    violation(violation) {
      if (violation.endedAt) {
        announced.delete(violation.id);
        return;
      }
      if (announced.has(violation.id)) return;
      announced.add(violation.id);
      if (listeners.size > 0) deliver(violation).catch((error: unknown) => logger.error({ err: error }, 'violation notice failed'));
    },
  });

  return {
    /** Opens the stream once the caller's airspaces are read; no snapshot: what goes on already is on his lists. */
    async connect(user: AuthUser, res: Response) {
      const now = clock.now();
      const listener: Listener = { user, res, scope: await scopes(user, now), scopeReadAt: now.getTime() };
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.setHeader('X-Accel-Buffering', 'no');
      res.flushHeaders();
      res.write(': connected\n\n');
      listeners.add(listener);
      heartbeat ??= setInterval(() => {
        for (const each of listeners) each.res.write(': heartbeat\n\n');
      }, heartbeatMs);
      const expiry = setTimeout(() => res.end(), sessionMs);
      res.on('close', () => {
        clearTimeout(expiry);
        listeners.delete(listener);
        if (listeners.size === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = null;
        }
      });
    },

    close() {
      unsubscribe();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      for (const listener of listeners) listener.res.end();
      listeners.clear();
    },
  };
}

export type ViolationNotices = ReturnType<typeof createViolationNotices>;
