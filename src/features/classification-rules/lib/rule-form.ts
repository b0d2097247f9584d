import type { Feature, Point, Polygon, Position } from 'geojson';
import type { ClassificationRuleUpdate, ClassificationRule, RuleGeometry } from '@/shared/contracts/classification-rules';
import { RULE_TYPE_NEEDS, type ClassificationRuleType, type ImpactLevel } from '@/shared/domain/request-impact';
import { emptyShapes, type DrawnShapes } from '@/shared/geo/drawn-shapes';
import type { Restriction } from '@/shared/geozones/zone';

/** The form's fields; `toRuleBody` keeps only what the chosen type takes (RULE_TYPE_NEEDS). */
export interface RuleFormValues {
  title: string;
  type: ClassificationRuleType;
  /** As typed: blank is no threshold. */
  threshold: string;
  impact: ImpactLevel;
  enabled: boolean;
  geometry: RuleGeometry | null;
  parameters: { restrictions: Restriction[]; nfzLevels: string[]; identifiers: string[] };
}

export function emptyRuleForm(): RuleFormValues {
  return {
    title: '',
    type: 'heightOver',
    threshold: '',
    impact: 'medium',
    enabled: true,
    geometry: null,
    parameters: { restrictions: [], nfzLevels: [], identifiers: [] },
  };
}

export function fromRule(rule: ClassificationRule): RuleFormValues {
  return {
    title: rule.title,
    type: rule.type,
    threshold: rule.threshold === null ? '' : String(rule.threshold),
    impact: rule.impact,
    enabled: rule.enabled,
    geometry: rule.geometry,
    parameters: {
      restrictions: rule.parameters?.restrictions ?? [],
      nfzLevels: (rule.parameters?.nfzLevels ?? []).map(String),
      identifiers: rule.parameters?.identifiers ?? [],
    },
  };
}

function thresholdOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

/** The API body: a threshold, geometry or zone filters the type does not take is dropped, an empty filter is none. */
export function toRuleBody(values: RuleFormValues): ClassificationRuleUpdate {
  const needs = RULE_TYPE_NEEDS[values.type];
  const { restrictions, nfzLevels, identifiers } = values.parameters;
  const filters = {
    ...(restrictions.length > 0 && { restrictions }),
    ...(nfzLevels.length > 0 && { nfzLevels: nfzLevels.map(Number).sort((a, b) => a - b) }),
    ...(identifiers.length > 0 && { identifiers }),
  };
  return {
    title: values.title,
    type: values.type,
    threshold: needs.threshold === 'none' ? null : thresholdOf(values.threshold),
    geometry: needs.geometry ? values.geometry : null,
    parameters: needs.zoneFilters && Object.keys(filters).length > 0 ? filters : null,
    impact: values.impact,
    enabled: values.enabled,
  };
}

/** The same rule with `enabled` flipped, as the PUT body the list's toggle sends. */
export function toggledBody(rule: ClassificationRule): ClassificationRuleUpdate {
  return {
    title: rule.title,
    type: rule.type,
    threshold: rule.threshold,
    geometry: rule.geometry,
    parameters: rule.parameters,
    impact: rule.impact,
    enabled: !rule.enabled,
  };
}

const lonLat = (position: Position): [number, number] => [position[0]!, position[1]!];

/** The rule geometry a drawing (or pasted GeoJSON) gives for what the type needs: the last point, or every polygon. */
export function geometryFromShapes(shapes: DrawnShapes, need: 'point' | 'area'): RuleGeometry | null {
  if (need === 'point') {
    const point = shapes.waypoints.at(-1)?.geometry;
    return point ? { type: 'Point', coordinates: lonLat(point.coordinates) } : null;
  }
  const polygons = shapes.areas.map((area) => area.geometry.coordinates.map((ring) => ring.map(lonLat)));
  if (polygons.length === 0) return null;
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
}

/** The drawing to start from: the rule's geometry when it is of the kind the type needs. */
export function shapesFromGeometry(geometry: RuleGeometry | null, need: 'point' | 'area'): DrawnShapes {
  const feature = <G extends Point | Polygon>(shape: G): Feature<G> => ({ type: 'Feature', properties: {}, geometry: shape });
  if (!geometry) return emptyShapes();
  if (geometry.type === 'Point') return need === 'point' ? { areas: [], waypoints: [feature(geometry)] } : emptyShapes();
  if (need === 'point') return emptyShapes();
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return { areas: polygons.map((coordinates) => feature<Polygon>({ type: 'Polygon', coordinates })), waypoints: [] };
}
