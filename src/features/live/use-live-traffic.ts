import { useEffect, useReducer, useRef, useState } from 'react';
import { env } from '@/config/env';
import { followEventStream, type StreamEvent } from '@/lib/event-stream';
import {
  liveConformanceSchema,
  liveDeltaSchema,
  liveSnapshotSchema,
  liveStatusSchema,
  liveViolationSchema,
  type LiveStatus,
  type LiveViolation,
} from '@/shared/contracts/traffic';
import { EMPTY_LIVE_STATE, liveReducer, type Bbox, type LiveAction } from './live-state';

/** How often targets are checked against the staleness. */
const PRUNE_EVERY_MS = 5_000;

export type LiveConnection = 'connecting' | 'live' | 'retrying';

/** A stream event as a reducer action; anything that does not match the contract is dropped. */
export function actionOf(event: StreamEvent): LiveAction | null {
  let payload: unknown;
  try {
    payload = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (event.event === 'snapshot') {
    const parsed = liveSnapshotSchema.safeParse(payload);
    return parsed.success ? { type: 'snapshot', snapshot: parsed.data } : null;
  }
  if (event.event === 'delta') {
    const parsed = liveDeltaSchema.safeParse(payload);
    return parsed.success ? { type: 'delta', delta: parsed.data } : null;
  }
  if (event.event === 'violation') {
    const parsed = liveViolationSchema.safeParse(payload);
    return parsed.success ? { type: 'violation', violation: parsed.data } : null;
  }
  if (event.event === 'conformance') {
    const parsed = liveConformanceSchema.safeParse(payload);
    return parsed.success ? { type: 'conformance', conformance: parsed.data } : null;
  }
  return null;
}

/** A `status` event's reach: whether the stream carries every server's traffic or, for a while, its own server's only. */
export function reachOf(event: StreamEvent): LiveStatus['reach'] | null {
  if (event.event !== 'status') return null;
  try {
    const parsed = liveStatusSchema.safeParse(JSON.parse(event.data));
    return parsed.success ? parsed.data.reach : null;
  } catch {
    return null;
  }
}

export function liveUrl(bbox: Bbox): string {
  const rounded = bbox.map((value) => Math.round(value * 1e5) / 1e5).join(',');
  return `${env.apiUrl.replace(/\/+$/, '')}/traffics/live?bbox=${encodeURIComponent(rounded)}`;
}

export interface LiveTrafficOptions {
  staleMs: number;
  /** Called once per new violation episode, with the state it arrived in. */
  onNewViolation?: (violation: LiveViolation) => void;
}

/**
 * The live traffic of a viewport over `GET /api/traffics/live` (SSE with the bearer token). A new viewport is a new
 * connection (the caller debounces it); a failed or closed stream reconnects with a growing delay.
 */
export function useLiveTraffic(bbox: Bbox | null, { staleMs, onNewViolation }: LiveTrafficOptions) {
  const [state, dispatch] = useReducer(liveReducer, EMPTY_LIVE_STATE);
  const [connection, setConnection] = useState<LiveConnection>('connecting');
  const [loaded, setLoaded] = useState(false);
  const [reach, setReach] = useState<LiveStatus['reach']>('all');
  const seen = useRef(new Set<string>());
  const openedAt = useRef<number | null>(null);
  const onNew = useRef(onNewViolation);
  onNew.current = onNewViolation;
  const key = bbox ? bbox.join(',') : '';

  useEffect(() => {
    if (!key) return;
    // The corners as a string: a new array with the same corners is the same viewport, no reconnection.
    const box = key.split(',').map(Number) as unknown as Bbox;

    const handle = (event: StreamEvent) => {
      const told = reachOf(event);
      if (told) return setReach(told);
      const action = actionOf(event);
      if (!action) return;
      if (action.type === 'snapshot') {
        setConnection('live');
        setLoaded(true);
        // Episodes already going on when the map opens are shown, not announced; a later snapshot (a new viewport, a
        // reconnection) announces those that started since the map opened, which no event brought.
        openedAt.current ??= Date.now();
        for (const violation of action.snapshot.violations) {
          if (seen.current.has(violation.id)) continue;
          seen.current.add(violation.id);
          if (Date.parse(violation.startedAt) >= openedAt.current && violation.endedAt === null) onNew.current?.(violation);
        }
      } else if (action.type === 'violation' && !seen.current.has(action.violation.id)) {
        seen.current.add(action.violation.id);
        onNew.current?.(action.violation);
      }
      dispatch(action);
    };

    setReach('all');
    return followEventStream(liveUrl(box), {
      onEvent: handle,
      onRetry: () => {
        setConnection('retrying');
        setReach('all');
      },
    });
  }, [key]);

  useEffect(() => {
    const prune = () => dispatch({ type: 'prune', now: Date.now(), staleMs });
    prune();
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    return () => clearInterval(timer);
  }, [staleMs]);

  return { state, connection, loaded, reach };
}
