import { useEffect } from 'react';
import { initialsOf } from '@/lib/format';
import { identOf, startPositionPoster } from '../position-poster';
import { getTakeoffs } from '../takeoff-store';

/** The Web Lock held by the one tab of the browser that posts the device position. */
export const POSITION_LOCK = 'aerogate-position-poster';

/**
 * Runs `start` in one tab of the browser at a time: the tab holding the Web Lock, the next one taking over when it
 * closes. Without Web Locks, each tab runs it. Returns the release.
 */
export function whileLeader(start: () => () => void, locks: LockManager | undefined = navigator.locks): () => void {
  if (!locks) return start();
  let release: () => void = () => undefined;
  let stop: (() => void) | null = null;
  const released = new Promise<void>((resolve) => (release = resolve));
  const controller = new AbortController();
  locks
    .request(POSITION_LOCK, { signal: controller.signal }, async () => {
      stop = start();
      await released;
      stop();
    })
    .catch(() => undefined);
  return () => {
    controller.abort();
    release();
  };
}

/** The latest take-off recorded on this device: the server counts no fix older than it toward the flight. */
const latestTakeoff = () => Math.max(0, ...getTakeoffs().map((record) => record.first));

/**
 * Mounted while a take-off is recorded: posts the device position as the user's own traffic (spec §3, §7), from one
 * tab of the browser only; the others show the conformance it receives (conformance-store.ts).
 */
export function OwnPositionPoster({ name }: { name: string }) {
  const ident = identOf(initialsOf(name));
  useEffect(() => whileLeader(() => startPositionPoster({ ident, takenOffAt: latestTakeoff })), [ident]);
  return null;
}
