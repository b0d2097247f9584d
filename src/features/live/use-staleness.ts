import { useState } from 'react';
import { DEFAULT_STALE_MS, STALE_CHOICES_MS } from './live-state';

const STORAGE_KEY = 'liveStaleMs';

function readStored(): number {
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY));
    return (STALE_CHOICES_MS as readonly number[]).includes(stored) ? stored : DEFAULT_STALE_MS;
  } catch {
    return DEFAULT_STALE_MS;
  }
}

/** The live map's staleness, chosen by the user and kept in the browser. */
export function useStaleness(): [number, (value: number) => void] {
  const [value, setValue] = useState(readStored);
  const set = (next: number) => {
    setValue(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // Storage disabled: the choice lasts for this visit.
    }
  };
  return [value, set];
}
