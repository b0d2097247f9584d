import { distance } from '@turf/turf';
import type { TrackFlight } from '../../../src/shared/contracts/tracks';
import type { TrackRead } from './track-positions';

/**
 * What a track file tells the diary: duration, take-off and landing places (first and last positions), the greatest
 * height and distance from the take-off, the battery where the log has it, and whether the track lies outside the
 * mission's planned dates (a file of another flight, or a logger's clock gone wrong).
 */
export function flightSummary(track: TrackRead, mission: { startAt: Date | null; endAt: Date | null }): TrackFlight {
  const { times, lats, lons, heights, battery } = track;
  const last = times.length - 1;
  const takeoff: [number, number] = [lons[0]!, lats[0]!];
  let maxHeightM: number | null = null;
  let maxDistanceM = 0;
  for (let index = 0; index <= last; index += 1) {
    if (!Number.isNaN(heights[index]!)) maxHeightM = Math.max(maxHeightM ?? -Infinity, heights[index]!);
    maxDistanceM = Math.max(maxDistanceM, distance(takeoff, [lons[index]!, lats[index]!], { units: 'meters' }));
  }
  const day = 86_400_000;
  const outsideMission =
    (mission.startAt !== null && times[last]! < mission.startAt.getTime() - day) ||
    (mission.endAt !== null && times[0]! > mission.endAt.getTime() + day);
  return {
    durationS: Math.round((times[last]! - times[0]!) / 1000),
    takeoff: { lat: lats[0]!, lon: lons[0]! },
    landing: { lat: lats[last]!, lon: lons[last]! },
    maxHeightM,
    maxDistanceM: Math.round(maxDistanceM),
    battery,
    outsideMission,
  };
}
