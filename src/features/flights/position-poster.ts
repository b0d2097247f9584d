import { useSyncExternalStore } from 'react';
import type { TrafficPost } from '@/shared/contracts/traffic';
import { postPosition } from './api/post-position';

/** How often the latest fix is posted while flying (docs/flight.md). */
export const POSITION_POST_INTERVAL_MS = 5_000;

/**
 * What the flight view shows about the device position: `off` when nothing is flying, `waiting` until the first
 * fix, `stale` while the device has only given a fix older than the take-off (the server counts no such fix toward
 * the flight), `ok` with the time of the last fix, `denied` when the user refused, `unavailable` when the device has
 * no position (no geolocation API, no signal, time-out).
 */
export type PositionStatus =
  | { state: 'off' }
  | { state: 'waiting' }
  | { state: 'stale'; at: number }
  | { state: 'ok'; at: number; accuracy: number; lat: number; lon: number }
  | { state: 'denied' }
  | { state: 'unavailable' };

const OFF: PositionStatus = { state: 'off' };
let status: PositionStatus = OFF;
const listeners = new Set<() => void>();

function setStatus(next: PositionStatus) {
  status = next;
  for (const listener of listeners) listener();
}

export function getPositionStatus(): PositionStatus {
  return status;
}

export function usePositionStatus(): PositionStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getPositionStatus,
    getPositionStatus,
  );
}

/** Letters and digits only: the ident of a traffic post allows no accents or spaces. */
export function identOf(initials: string): string {
  const ascii = initials
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '');
  return ascii || 'USER';
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A browser fix as the traffic post of spec §3: type user, source mobile. `alt` is the height above the take-off
 * point: the fix's altitude less `takeoffAltitude` (the first altitude the device gave while flying); null when the
 * device gives no altitude, so the server says the height is unknown instead of checking it.
 */
export function toTrafficPost(position: GeolocationPosition, ident: string, takeoffAltitude: number | null = null): TrafficPost {
  const { latitude, longitude, speed, heading } = position.coords;
  const altitude = finiteOrNull(position.coords.altitude);
  const spd = finiteOrNull(speed);
  const hdg = finiteOrNull(heading);
  return {
    ident,
    lat: latitude,
    lon: longitude,
    alt: altitude === null || takeoffAltitude === null ? null : Math.round((altitude - takeoffAltitude) * 10) / 10,
    spd: spd === null ? null : Math.max(0, spd),
    heading: hdg === null ? null : ((hdg % 360) + 360) % 360,
    time: new Date(position.timestamp).toISOString(),
    type: 'user',
    source: 'mo',
  };
}

export interface PositionPosterOptions {
  ident: string;
  /** When the latest take-off recorded on this device happened (epoch ms): older fixes are not posted. */
  takenOffAt: () => number;
  geolocation?: Geolocation | undefined;
  intervalMs?: number;
  post?: (position: TrafficPost) => Promise<void>;
}

/**
 * Watches the device position and posts the latest fix every `intervalMs` (a fix is posted once: a device that
 * stops moving and stops reporting is not repeated). A fix older than the take-off (a cached one, or one taken just
 * before) is not posted: the status says so and a fresh fix is asked for at once. Failures are silent (spec §8).
 * Returns the stop function.
 */
export function startPositionPoster({
  ident,
  takenOffAt,
  geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  intervalMs = POSITION_POST_INTERVAL_MS,
  post = postPosition,
}: PositionPosterOptions): () => void {
  if (!geolocation) {
    setStatus({ state: 'unavailable' });
    return () => setStatus(OFF);
  }
  setStatus({ state: 'waiting' });
  let latest: GeolocationPosition | null = null;
  let posted: GeolocationPosition | null = null;
  let takeoffAltitude: number | null = null;
  let askedFresh = false;
  let stopped = false;

  const send = () => {
    if (!latest || latest === posted) return;
    posted = latest;
    takeoffAltitude ??= finiteOrNull(latest.coords.altitude);
    post(toTrafficPost(latest, ident, takeoffAltitude)).catch(() => undefined);
  };

  const onError = (error: GeolocationPositionError) => {
    if (!stopped) setStatus(error.code === error.PERMISSION_DENIED ? { state: 'denied' } : { state: 'unavailable' });
  };
  const onFix = (position: GeolocationPosition) => {
    if (stopped) return;
    if (position.timestamp < takenOffAt()) {
      if (latest) return;
      setStatus({ state: 'stale', at: position.timestamp });
      // Once: a device whose fixes stay older (its clock behind) then waits for the watch's next fix.
      if (!askedFresh) geolocation.getCurrentPosition(onFix, onError, { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 });
      askedFresh = true;
      return;
    }
    const first = latest === null;
    latest = position;
    setStatus({
      state: 'ok',
      at: position.timestamp,
      accuracy: position.coords.accuracy,
      lat: position.coords.latitude,
      lon: position.coords.longitude,
    });
    // The first fix goes at once, so the map shows the flight without waiting a whole interval.
    if (first) send();
  };
  const watchId = geolocation.watchPosition(onFix, onError, { enableHighAccuracy: true, maximumAge: intervalMs, timeout: 30_000 });
  const timer = setInterval(send, intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
    geolocation.clearWatch(watchId);
    setStatus(OFF);
  };
}
