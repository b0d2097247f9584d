import { bbox, circle } from '@turf/turf';
import type { BBox, Feature, FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';
import type { ClassificationRule, RuleGeometry } from '@/shared/contracts/classification-rules';
import type { ImpactLevel } from '@/shared/domain/request-impact';

/** Rules are coloured by the impact they give a matching request. */
export const IMPACT_COLORS: Readonly<Record<ImpactLevel, string>> = { low: '#2f9e44', medium: '#f08c00', high: '#e03131' };

const CIRCLE_STEPS = 64;

export interface RuleFeatureProperties {
  ruleId: string;
  color: string;
  selected: boolean;
}

/** What a rule covers on the map: its polygons, or its point's radius circle for radialDistanceBelow. */
export function areaOf(rule: Pick<ClassificationRule, 'type' | 'threshold' | 'geometry'>): Polygon | MultiPolygon | null {
  const geometry = rule.geometry;
  if (!geometry) return null;
  if (geometry.type !== 'Point') return geometry;
  if (rule.type !== 'radialDistanceBelow' || !rule.threshold) return null;
  return circle(geometry.coordinates, rule.threshold, { units: 'meters', steps: CIRCLE_STEPS }).geometry;
}

/** The rules' areas and points as two collections (fill and line layers, circle layer), the selected one flagged. */
export function ruleFeatures(
  rules: readonly ClassificationRule[],
  selectedId: string | null,
): { areas: FeatureCollection<Polygon | MultiPolygon, RuleFeatureProperties>; points: FeatureCollection<Point, RuleFeatureProperties> } {
  const areas: Feature<Polygon | MultiPolygon, RuleFeatureProperties>[] = [];
  const points: Feature<Point, RuleFeatureProperties>[] = [];
  for (const rule of rules) {
    const properties = { ruleId: rule.id, color: IMPACT_COLORS[rule.impact], selected: rule.id === selectedId };
    const area = areaOf(rule);
    if (area) areas.push({ type: 'Feature', properties, geometry: area });
    if (rule.geometry?.type === 'Point') points.push({ type: 'Feature', properties, geometry: rule.geometry });
  }
  return { areas: { type: 'FeatureCollection', features: areas }, points: { type: 'FeatureCollection', features: points } };
}

/** The box to show for a rule: its area, else its point; null when it has no geometry. */
export function boundsOf(rule: Pick<ClassificationRule, 'type' | 'threshold' | 'geometry'>): BBox | null {
  const shape: RuleGeometry | Polygon | MultiPolygon | null = areaOf(rule) ?? rule.geometry;
  return shape ? bbox(shape) : null;
}
