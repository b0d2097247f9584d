// Activity classification of a permission request (spec domain §3 "Classification rule"); decisions in
// docs/request-automation.md.
import { booleanIntersects, booleanPointInPolygon, pointToPolygonDistance } from '@turf/turf';
import type { Point, Polygon } from 'geojson';
import { areaKm2 } from '../geo/area';
import type { MultiPolygon, Restriction as ZoneRestriction } from '../geozones/zone';

export const IMPACT_LEVELS = ['low', 'medium', 'high'] as const;
export type ImpactLevel = (typeof IMPACT_LEVELS)[number];

export const IMPACT_RANK: Readonly<Record<ImpactLevel, number>> = { low: 0, medium: 1, high: 2 };

export const CLASSIFICATION_RULE_TYPES = [
  'heightOver',
  'radialDistanceBelow',
  'insideDecree2020Zone',
  'insideDecree2020ProhibitedZone',
  'durationOver',
  'aeronauticalEasementInteraction',
  'surfaceOver',
  'zoneCountOver',
  'zoneInteraction',
] as const;
export type ClassificationRuleType = (typeof CLASSIFICATION_RULE_TYPES)[number];

/** What each rule type needs besides its impact: a threshold (and its unit), a point, polygons, zone filters. */
export const RULE_TYPE_NEEDS: Readonly<
  Record<
    ClassificationRuleType,
    {
      threshold: 'required' | 'optional' | 'none';
      unit: 'm' | 'min' | 'km2' | 'count' | null;
      geometry: 'point' | 'area' | null;
      zoneFilters: boolean;
    }
  >
> = {
  heightOver: { threshold: 'required', unit: 'm', geometry: null, zoneFilters: false },
  radialDistanceBelow: { threshold: 'required', unit: 'm', geometry: 'point', zoneFilters: false },
  insideDecree2020Zone: { threshold: 'none', unit: null, geometry: 'area', zoneFilters: false },
  insideDecree2020ProhibitedZone: { threshold: 'none', unit: null, geometry: 'area', zoneFilters: false },
  durationOver: { threshold: 'required', unit: 'min', geometry: null, zoneFilters: false },
  aeronauticalEasementInteraction: { threshold: 'optional', unit: 'm', geometry: 'area', zoneFilters: false },
  surfaceOver: { threshold: 'required', unit: 'km2', geometry: null, zoneFilters: false },
  zoneCountOver: { threshold: 'required', unit: 'count', geometry: null, zoneFilters: false },
  zoneInteraction: { threshold: 'none', unit: null, geometry: null, zoneFilters: true },
};

export const NFZ_LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** Which touched geozones a zoneInteraction rule looks at; a zone must pass every filter given (none: any zone). */
export interface ZoneFilters {
  restrictions?: ZoneRestriction[];
  nfzLevels?: number[];
  identifiers?: string[];
}

/** The mission facts the rules read, taken from the request's mission snapshot. */
export interface ClassifiedMission {
  areas: MultiPolygon | null;
  maxHeightM: number | null;
  startAt: string | null;
  endAt: string | null;
}

/** A geozone the mission's areas touch (server: ctx.zones), with its NFZ level when its dataset gives one. */
export interface TouchedZone {
  identifier: string;
  name: string;
  restriction: ZoneRestriction;
  nfzLevel: number | null;
}

export interface ClassificationRuleInput {
  id: string;
  title: string;
  type: ClassificationRuleType;
  threshold: number | null;
  geometry: Point | Polygon | MultiPolygon | null;
  parameters: ZoneFilters | null;
  impact: ImpactLevel;
}

export interface RuleOutcome {
  ruleId: string;
  title: string;
  type: ClassificationRuleType;
  impact: ImpactLevel;
  matched: boolean;
  /** What the rule measured (metres, minutes, km², zone count), null when the mission lacks the fact. */
  measured: number | null;
}

export interface Classification {
  impactLevel: ImpactLevel;
  rules: RuleOutcome[];
}

export function durationMinutes(mission: ClassifiedMission): number | null {
  if (!mission.startAt || !mission.endAt) return null;
  return (new Date(mission.endAt).getTime() - new Date(mission.startAt).getTime()) / 60_000;
}

function hasArea(mission: ClassifiedMission): mission is ClassifiedMission & { areas: MultiPolygon } {
  return mission.areas !== null && mission.areas.coordinates.length > 0;
}

function intersectsGeometry(mission: ClassifiedMission, geometry: ClassificationRuleInput['geometry']): boolean {
  if (!hasArea(mission) || !geometry || geometry.type === 'Point') return false;
  return booleanIntersects(mission.areas, geometry);
}

/** Metres from the point to the nearest flight area, 0 when the point lies in one. */
export function distanceToAreasM(point: Point, areas: MultiPolygon): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (const coordinates of areas.coordinates) {
    const polygon: Polygon = { type: 'Polygon', coordinates };
    if (booleanPointInPolygon(point, polygon)) return 0;
    nearest = Math.min(nearest, pointToPolygonDistance(point, polygon, { units: 'meters' }));
  }
  return nearest;
}

export function zonePassesFilters(zone: TouchedZone, filters: ZoneFilters | null): boolean {
  if (!filters) return true;
  if (filters.restrictions?.length && !filters.restrictions.includes(zone.restriction)) return false;
  if (filters.nfzLevels?.length && (zone.nfzLevel === null || !filters.nfzLevels.includes(zone.nfzLevel))) return false;
  if (filters.identifiers?.length && !filters.identifiers.includes(zone.identifier)) return false;
  return true;
}

/** One rule against one mission: whether it matches and what it measured. A missing fact never matches. */
export function evaluateRule(
  rule: ClassificationRuleInput,
  mission: ClassifiedMission,
  zones: readonly TouchedZone[],
): { matched: boolean; measured: number | null } {
  const threshold = rule.threshold;
  switch (rule.type) {
    case 'heightOver': {
      const measured = mission.maxHeightM;
      return { matched: measured !== null && threshold !== null && measured > threshold, measured };
    }
    case 'radialDistanceBelow': {
      if (!hasArea(mission) || rule.geometry?.type !== 'Point') return { matched: false, measured: null };
      const measured = distanceToAreasM(rule.geometry, mission.areas);
      return { matched: threshold !== null && measured < threshold, measured };
    }
    case 'insideDecree2020Zone':
    case 'insideDecree2020ProhibitedZone':
      return { matched: intersectsGeometry(mission, rule.geometry), measured: null };
    case 'aeronauticalEasementInteraction': {
      const touches = intersectsGeometry(mission, rule.geometry);
      if (threshold === null) return { matched: touches, measured: null };
      const measured = mission.maxHeightM;
      return { matched: touches && measured !== null && measured > threshold, measured };
    }
    case 'durationOver': {
      const measured = durationMinutes(mission);
      return { matched: measured !== null && threshold !== null && measured > threshold, measured };
    }
    case 'surfaceOver': {
      const measured = hasArea(mission) ? areaKm2(mission.areas) : null;
      return { matched: measured !== null && threshold !== null && measured > threshold, measured };
    }
    case 'zoneCountOver': {
      const measured = zones.length;
      return { matched: threshold !== null && measured > threshold, measured };
    }
    case 'zoneInteraction': {
      const measured = zones.filter((zone) => zonePassesFilters(zone, rule.parameters)).length;
      return { matched: measured > 0, measured };
    }
  }
}

export function highestImpact(levels: readonly ImpactLevel[]): ImpactLevel | null {
  let highest: ImpactLevel | null = null;
  for (const level of levels) if (highest === null || IMPACT_RANK[level] > IMPACT_RANK[highest]) highest = level;
  return highest;
}

/** The highest impact among the matching rules; `low` when none matches (an airspace without rules included). */
export function classify(
  rules: readonly ClassificationRuleInput[],
  mission: ClassifiedMission,
  zones: readonly TouchedZone[],
): Classification {
  const outcomes = rules.map((rule): RuleOutcome => {
    const { matched, measured } = evaluateRule(rule, mission, zones);
    return { ruleId: rule.id, title: rule.title, type: rule.type, impact: rule.impact, matched, measured };
  });
  const impactLevel = highestImpact(outcomes.filter((outcome) => outcome.matched).map((outcome) => outcome.impact)) ?? 'low';
  return { impactLevel, rules: outcomes };
}

/** Whether any rule of the list needs the geozones the mission touches (the server skips the zone query otherwise). */
export function needsZones(rules: readonly ClassificationRuleInput[]): boolean {
  return rules.some((rule) => rule.type === 'zoneCountOver' || rule.type === 'zoneInteraction');
}
