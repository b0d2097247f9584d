import type { ZoneVolume } from './zone';

/*
 * The flight occupies the band [0, maxHeightM] above ground level (AGL). We have no terrain elevation,
 * so a limit given above mean sea level (AMSL) or the WGS84 ellipsoid cannot be turned into a height
 * above the ground. We resolve it on the safe side: such a lower limit is taken as the surface and such an
 * upper limit as no ceiling. A volume with an AMSL limit therefore always overlaps the flight vertically:
 * the zone may be reported where a terrain model would have cleared it, never missed where it applies.
 * Example: CHE "Montreux" is 0 m AGL to 6259 m AMSL; FR has 477 volumes with AMSL floors.
 */

/** The height above ground from which the volume applies, for the engine's height cap (GZ-03). */
export function conservativeLowerAglM(volume: Pick<ZoneVolume, 'lowerM' | 'lowerReference'>): number {
  return volume.lowerReference === 'AGL' ? volume.lowerM : 0;
}

/** The height above ground of the ceiling; null when there is none or it cannot be known without terrain. */
export function conservativeUpperAglM(volume: Pick<ZoneVolume, 'upperM' | 'upperReference'>): number | null {
  return volume.upperReference === 'AGL' ? volume.upperM : null;
}

/**
 * GZ-01 (b) and GZ-02: the band [0, maxHeightM] and [lower, upper] must share more than a boundary,
 * so a volume starting at 50 m does not apply to a flight capped at 40 m, nor at 50 m.
 */
export function overlapsFlightBand(volume: ZoneVolume, maxHeightM: number): boolean {
  const upper = conservativeUpperAglM(volume);
  return conservativeLowerAglM(volume) < maxHeightM && (upper === null || upper > 0);
}

/** GZ-04 inside one zone: the volume reaching lowest is the most restrictive, then the one reaching highest. */
export function compareVolumeRestrictiveness(a: ZoneVolume, b: ZoneVolume): number {
  const byLower = conservativeLowerAglM(a) - conservativeLowerAglM(b);
  if (byLower !== 0) return byLower;
  const upperA = conservativeUpperAglM(a) ?? Infinity;
  const upperB = conservativeUpperAglM(b) ?? Infinity;
  return upperA === upperB ? 0 : upperA > upperB ? -1 : 1;
}
