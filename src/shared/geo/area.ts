import { area } from '@turf/turf';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { MISSION_MAX_AREA_KM2 } from '../domain/limits';

type AreaInput = Feature<Polygon | MultiPolygon> | Polygon | MultiPolygon;

/** Geodesic area in km² (turf's spherical formula, as the server computes it). */
export function areaKm2(feature: AreaInput): number {
  return area(feature) / 1_000_000;
}

/** Total area of several shapes, in km²; overlaps are counted twice, as a drawing tool adds them up. */
export function totalAreaKm2(features: readonly AreaInput[]): number {
  return features.reduce((sum, feature) => sum + areaKm2(feature), 0);
}

/** Domain §9: a mission covers at most MISSION_MAX_AREA_KM2. */
export function exceedsMissionArea(km2: number): boolean {
  return km2 > MISSION_MAX_AREA_KM2;
}
