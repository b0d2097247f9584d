import { useEffect } from 'react';
import { useMap } from '@/components/map/map-context';
import { positionAt, type ReplayData } from '../replay-data';

/** Keeps the followed target (an index into `data.targets`) at the centre of the nearest MapView while the replay moves. */
export function FollowTarget({ data, target, at }: { data: ReplayData; target: number | null; at: number }) {
  const map = useMap();
  const place = target === null ? null : positionAt(data, target, at);
  const [lon, lat] = place ?? [null, null];
  useEffect(() => {
    if (!map || lon === null || lat === null) return;
    map.jumpTo({ center: [lon, lat] });
  }, [map, lon, lat]);
  return null;
}
