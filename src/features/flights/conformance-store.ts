import { useSyncExternalStore } from 'react';
import type { FlightConformance } from '@/shared/contracts/conformance';

/**
 * The flight conformance of the device's own position, as the server answered its last post (docs/flight.md). The
 * tab that posts (the one holding the position lock) shares it with the browser's other tabs on a BroadcastChannel,
 * so every open page shows the same state.
 */
const CHANNEL = 'aerogate-flight-conformance';

let current: FlightConformance | null = null;
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

function apply(next: FlightConformance | null) {
  current = next;
  for (const listener of listeners) listener();
}

channel?.addEventListener('message', (event: MessageEvent<FlightConformance | null>) => apply(event.data));

/** Sets the state here and in the other tabs. */
export function setFlightConformance(next: FlightConformance | null) {
  apply(next);
  channel?.postMessage(next);
}

export function getFlightConformance(): FlightConformance | null {
  return current;
}

export function useFlightConformance(): FlightConformance | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getFlightConformance,
    getFlightConformance,
  );
}
