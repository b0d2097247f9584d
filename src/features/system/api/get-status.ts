import { useSyncExternalStore } from 'react';
import { env } from '@/config/env';
import type { StatusResult } from '@/shared/contracts/system';

const STATUS_POLL_MS = 60_000;

/**
 * GET status with fetch, not the api client: every screen reads it, the login page too, which shows before axios
 * and react-query load (docs/navigation.md, "Bundle"). Public and polled: failures are silent.
 */
export async function getStatus(): Promise<StatusResult> {
  const response = await fetch(`${env.apiUrl.replace(/\/+$/, '')}/status`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET status answered ${response.status}`);
  return (await response.json()) as StatusResult;
}

interface StatusState {
  data: StatusResult | undefined;
  isFetching: boolean;
}

let state: StatusState = { data: undefined, isFetching: false };
let fetchedAt = 0;
// Answers to a request sent before the last watcher left are dropped: a remounted app asks again.
let generation = 0;
let inFlight: Promise<StatusResult | undefined> | null = null;
let pollTimer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function setState(next: StatusState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Asks the server again (one request at a time); resolves with the status, the last known one on failure. */
export function refetchStatus(): Promise<StatusResult | undefined> {
  const asked = generation;
  inFlight ??= (async () => {
    setState({ ...state, isFetching: true });
    try {
      const data = await getStatus();
      if (asked !== generation) return undefined;
      fetchedAt = Date.now();
      setState({ data, isFetching: false });
      return data;
    } catch {
      if (asked === generation) setState({ ...state, isFetching: false });
      return state.data;
    } finally {
      if (asked === generation) inFlight = null;
    }
  })();
  return inFlight;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    if (Date.now() - fetchedAt >= STATUS_POLL_MS) void refetchStatus();
    pollTimer = setInterval(() => void refetchStatus(), STATUS_POLL_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    clearInterval(pollTimer);
    generation += 1;
    fetchedAt = 0;
    inFlight = null;
    state = { data: undefined, isFetching: false };
  };
}

const snapshot = () => state;

/** The server's status, polled every minute while a screen shows it. */
export function useStatus() {
  const { data, isFetching } = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { data, isFetching, refetch: refetchStatus };
}
