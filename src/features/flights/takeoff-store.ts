import { useSyncExternalStore } from 'react';
import { TAKEOFF_ROUTINE_DELAY_MS } from '@/shared/domain/limits';
import { getFlightState } from './api/get-flight-state';
import { postLanding } from './api/post-landing';
import { postTakeoff } from './api/post-takeoff';

/** Spec §3: a takeoff kept locally; `first` and `last` (last ping) are epoch milliseconds. */
export interface TakeoffRecord {
  id: string;
  first: number;
  last: number;
}

export const TAKEOFFS_STORAGE_KEY = 'takeoffs';

const EMPTY: readonly TakeoffRecord[] = [];
let cache: readonly TakeoffRecord[] | null = null;
const listeners = new Set<() => void>();

function isRecord(value: unknown): value is TakeoffRecord {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.first === 'number' && typeof record.last === 'number';
}

function readStorage(): readonly TakeoffRecord[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(TAKEOFFS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecord) : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(records: readonly TakeoffRecord[]) {
  cache = records.length ? records : EMPTY;
  try {
    if (records.length) window.localStorage.setItem(TAKEOFFS_STORAGE_KEY, JSON.stringify(records));
    else window.localStorage.removeItem(TAKEOFFS_STORAGE_KEY);
  } catch {
    // Storage may be full or disabled: the in-memory list still drives this tab.
  }
  for (const listener of listeners) listener();
}

export function getTakeoffs(): readonly TakeoffRecord[] {
  cache ??= readStorage();
  return cache;
}

export function subscribeTakeoffs(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TAKEOFFS_STORAGE_KEY && event.key !== null) return;
    cache = readStorage();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Records the takeoff of a pre-flight and tells the server, with the reason given for the go/no-go check's warnings;
 * the server's answer does not matter.
 */
export async function startTakeoff(preFlightId: string, reason?: string, now = Date.now()): Promise<void> {
  const others = getTakeoffs().filter((record) => record.id !== preFlightId);
  write([...others, { id: preFlightId, first: now, last: now }]);
  await postTakeoff(preFlightId, reason).catch(() => undefined);
}

/** Landing: the record goes, the marker hides when it was the last one. */
export async function stopTakeoff(preFlightId: string): Promise<void> {
  write(getTakeoffs().filter((record) => record.id !== preFlightId));
  await postLanding(preFlightId).catch(() => undefined);
}

/** Drops the local record without telling the server: the server already says the mission is not flying. */
export function forgetTakeoff(preFlightId: string) {
  if (getTakeoffs().some((record) => record.id === preFlightId)) write(getTakeoffs().filter((record) => record.id !== preFlightId));
}

export function clearTakeoffs() {
  write(EMPTY);
}

/**
 * What the routine does with a stale take-off: ping it while the mission flies, or take off again when the first
 * take-off never reached the server; forget it when the mission was landed since (from another device) or can no
 * longer fly. When the history cannot be read, the ping goes as spec §4 has it, and the server decides.
 */
async function routineStep(record: TakeoffRecord): Promise<'ping' | 'forget'> {
  try {
    const state = await getFlightState(record.id, record.first);
    if (state.flying) return 'ping';
    return state.landedSince || state.status !== 'validated' ? 'forget' : 'ping';
  } catch {
    return 'ping';
  }
}

/**
 * Pings again every takeoff whose last ping is older than the routine delay, unless the mission was landed since
 * elsewhere (its record is then dropped); failures are ignored.
 */
export async function refreshStaleTakeoffs(now = Date.now()): Promise<void> {
  const stale = getTakeoffs().filter((record) => now - record.last >= TAKEOFF_ROUTINE_DELAY_MS);
  const refreshed = new Set<string>();
  const forgotten = new Set<string>();
  await Promise.all(
    stale.map(async (record) => {
      const step = await routineStep(record);
      if (step === 'forget') {
        forgotten.add(record.id);
        return;
      }
      await postTakeoff(record.id).then(
        () => refreshed.add(record.id),
        () => undefined,
      );
    }),
  );
  if (!refreshed.size && !forgotten.size) return;
  write(
    getTakeoffs()
      .filter((record) => !forgotten.has(record.id))
      .map((record) => (refreshed.has(record.id) ? { ...record, last: now } : record)),
  );
}

/** The background routine of spec §4 (every 15 s, while any take-off is recorded); returns its stop function. */
export function startTakeoffRoutine(): () => void {
  const timer = setInterval(() => void refreshStaleTakeoffs(), TAKEOFF_ROUTINE_DELAY_MS);
  return () => clearInterval(timer);
}

export function useTakeoffs(): readonly TakeoffRecord[] {
  return useSyncExternalStore(subscribeTakeoffs, getTakeoffs, getTakeoffs);
}

export function useIsFlying(): boolean {
  return useTakeoffs().length > 0;
}
