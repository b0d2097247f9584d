import type { GrantedVolume } from '@/shared/contracts/airspace-live';
import type { ConformanceState } from '@/shared/contracts/conformance';
import type { LiveConformance, LiveTarget } from '@/shared/contracts/traffic';

/**
 * The conformance states as the manager's map draws them. Violet and cyan are kept for what no basemap draws:
 * the basemap's roads, water and parks are orange, yellow, blue and green tints far lighter than these.
 */
export const STATE_COLORS: Readonly<Record<ConformanceState, string>> = {
  violating: '#e03131',
  warning: '#f59f00',
  conforming: '#2f9e44',
  unidentified: '#7950f2',
};
export const OUTLINE_COLOR = '#364fc7';
export const VOLUME_COLOR = '#0c8599';

/** The side list's order: violating first, then warning, not identified, conforming. */
export const STATE_ORDER: readonly ConformanceState[] = ['violating', 'warning', 'unidentified', 'conforming'];

export interface WatchedFlight {
  key: string;
  target: LiveTarget;
  state: ConformanceState;
  conformance: LiveConformance | null;
  /** The volume granted to its mission in a watched airspace today, when there is one. */
  volume: GrantedVolume | null;
  /** Mission title and request reference when granted here, else the target's label. */
  caption: string;
}

/**
 * Each target shown with its conformance state and what it was granted. A target with a mission whose state has
 * not come yet counts as conforming until its first state; a target without a mission is not identified.
 */
export function watchedFlights(
  targets: readonly LiveTarget[],
  conformance: Readonly<Record<string, LiveConformance>>,
  volumes: readonly GrantedVolume[],
): WatchedFlight[] {
  const byMission = new Map(volumes.map((volume) => [volume.missionId, volume]));
  return targets
    .map((target) => {
      const known = conformance[target.key] ?? null;
      const missionId = known?.missionId ?? target.missionId;
      const volume = missionId ? (byMission.get(missionId) ?? null) : null;
      const state: ConformanceState = known?.state ?? (missionId ? 'conforming' : 'unidentified');
      return {
        key: target.key,
        target,
        state,
        conformance: known,
        volume,
        caption: volume ? `${volume.title} · ${volume.referenceNumber}` : target.label || target.ident,
      };
    })
    .sort((a, b) => STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state) || a.caption.localeCompare(b.caption));
}
