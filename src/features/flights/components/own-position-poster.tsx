import { useEffect } from 'react';
import { initialsOf } from '@/lib/format';
import { identOf, startPositionPoster } from '../position-poster';

/** Mounted while a take-off is recorded: posts the device position as the user's own traffic (spec §3, §7). */
export function OwnPositionPoster({ name }: { name: string }) {
  const ident = identOf(initialsOf(name));
  useEffect(() => startPositionPoster({ ident }), [ident]);
  return null;
}
