import type { Country } from '../codes';
import type { GeozoneFact, MissionFacts } from '../facts';
import { defineRule, notApplicable, type RegulationRule } from '../rule';
import { addDays } from '../working-days';

const ED269_SOURCE = 'Reg. (EU) 2019/947 Art. 15 ; EUROCAE ED-269 / ED-318 (regulation.md §5.3)';

/**
 * The flight in both references: [0, maxHeightM] above the ground and [ground, top] above mean sea level. The ground
 * comes from a terrain model (`groundElevationM`), else from the two figures the operator gave (altitude − height);
 * the top from the operator's altitude, else ground + height. Either may stay unknown.
 */
interface FlightBand {
  readonly heightM: number;
  readonly groundM: number | undefined;
  readonly topAmslM: number | undefined;
}

export function flightBand(facts: MissionFacts): FlightBand {
  const groundM = facts.groundElevationM ?? (facts.maxAltitudeAmslM === undefined ? undefined : facts.maxAltitudeAmslM - facts.maxHeightM);
  const topAmslM = facts.maxAltitudeAmslM ?? (groundM === undefined ? undefined : groundM + facts.maxHeightM);
  return { heightM: facts.maxHeightM, groundM, topAmslM };
}

type Overlap = 'yes' | 'no' | 'unknown';

/**
 * GZ-01 (b), GZ-02: the flight band and the zone's volume must overlap strictly, compared in the zone's own reference.
 * `unknown` when an AMSL limit meets a mission whose altitude is unknown.
 */
export function verticalOverlap(zone: GeozoneFact, band: FlightBand): Overlap {
  const floor: Overlap =
    (zone.lowerReference ?? 'AGL') === 'AGL'
      ? zone.lowerLimitM < band.heightM
        ? 'yes'
        : 'no'
      : band.topAmslM === undefined
        ? 'unknown'
        : zone.lowerLimitM < band.topAmslM
          ? 'yes'
          : 'no';
  const ceiling: Overlap =
    zone.upperLimitM === null
      ? 'yes'
      : (zone.upperReference ?? 'AGL') === 'AGL'
        ? zone.upperLimitM > 0
          ? 'yes'
          : 'no'
        : band.groundM === undefined
          ? 'unknown'
          : zone.upperLimitM > band.groundM
            ? 'yes'
            : 'no';
  if (floor === 'no' || ceiling === 'no') return 'no';
  return floor === 'unknown' || ceiling === 'unknown' ? 'unknown' : 'yes';
}

/** The zone's floor as a height above the ground; undefined when it is AMSL and the ground is unknown. */
function floorAglM(zone: GeozoneFact, band: FlightBand): number | undefined {
  if ((zone.lowerReference ?? 'AGL') === 'AGL') return zone.lowerLimitM;
  return band.groundM === undefined ? undefined : Math.max(0, zone.lowerLimitM - band.groundM);
}

/** Without the altitude a zone whose overlap is unknown is counted for its requirements (the safe side); GZ-03-P does not forbid on it. */
export function applies(zone: GeozoneFact, band: FlightBand): boolean {
  return verticalOverlap(zone, band) !== 'no';
}

function zonesWith(facts: MissionFacts, restriction: GeozoneFact['restriction']): GeozoneFact[] {
  return (facts.geozones ?? []).filter((zone) => zone.restriction === restriction);
}

/** France, arrêté « espace » art. 4 1°–3°: the zone kinds published PROHIBITED entered with their manager's agreement. */
export const FR_MANAGED_ZONE_KINDS: ReadonlySet<string> = new Set(['R', 'D', 'SUR']);

/**
 * A zone published PROHIBITED that the country's law lets one enter with an agreement: in France the managed kinds
 * (FR-ZONE-01) and the control zones (art. 7, FR-CTR-*).
 */
export function hasWayIn(zone: GeozoneFact, country: Country): boolean {
  const kind = zone.airspaceKind;
  return country === 'FR' && kind !== undefined && (FR_MANAGED_ZONE_KINDS.has(kind) || kind === 'CTR');
}

function applicableZonesWith(facts: MissionFacts, restriction: GeozoneFact['restriction']): GeozoneFact[] {
  const band = flightBand(facts);
  return zonesWith(facts, restriction).filter((zone) => applies(zone, band));
}

function identifiers(zones: readonly GeozoneFact[]): string[] {
  return zones.map((zone) => zone.identifier);
}

export const geozoneRules: readonly RegulationRule[] = [
  defineRule({
    id: 'GZ-03-P',
    catalogueCode: 'CPX301',
    source: `${ED269_SOURCE}: PROHIBITED`,
    stage: 'zones',
    // A zone whose overlap is unknown (an AMSL floor, the altitude unknown) neither forbids nor caps: GZ-01-ALT asks
    // for the altitude that settles it, naming it.
    evaluate: ({ facts, country }) => {
      const prohibited = zonesWith(facts, 'PROHIBITED').filter((zone) => !hasWayIn(zone, country));
      if (prohibited.length === 0) return notApplicable;
      const band = flightBand(facts);
      const floorsM = prohibited.map((zone) => floorAglM(zone, band)).filter((floor) => floor !== undefined);
      const cap = floorsM.length === 0 ? {} : { maxHeightM: Math.min(...floorsM) };
      const entered = prohibited.filter((zone) => verticalOverlap(zone, band) === 'yes');
      if (entered.length > 0) {
        return { outcome: 'fail', category: 'FORBIDDEN', blockers: ['GEOZONE_PROHIBITED'], ...cap, subjects: identifiers(entered) };
      }
      const undecided = prohibited.filter((zone) => verticalOverlap(zone, band) === 'unknown');
      return undecided.length === 0
        ? { outcome: 'pass', ...cap, subjects: identifiers(prohibited) }
        : { outcome: 'info', ...cap, subjects: identifiers(undecided) };
    },
  }),
  defineRule({
    id: 'GZ-03-A',
    catalogueCode: 'CPX302',
    source: `${ED269_SOURCE}: REQ_AUTHORISATION`,
    stage: 'zones',
    evaluate: ({ facts }) => {
      const zones = applicableZonesWith(facts, 'REQ_AUTHORISATION');
      return zones.length === 0 ? notApplicable : { outcome: 'info', requirements: ['ZONE_AUTHORISATION'], subjects: identifiers(zones) };
    },
  }),
  defineRule({
    id: 'GZ-03-C',
    catalogueCode: 'CPX303',
    source: `${ED269_SOURCE}: CONDITIONAL`,
    stage: 'zones',
    evaluate: ({ facts }) => {
      const zones = applicableZonesWith(facts, 'CONDITIONAL');
      return zones.length === 0 ? notApplicable : { outcome: 'info', requirements: ['ZONE_NOTIFICATION'], subjects: identifiers(zones) };
    },
  }),
  defineRule({
    id: 'GZ-03-N',
    catalogueCode: 'CPX304',
    source: `${ED269_SOURCE}: NO_RESTRICTION`,
    stage: 'zones',
    evaluate: ({ facts }) => {
      const zones = applicableZonesWith(facts, 'NO_RESTRICTION');
      return zones.length === 0 ? notApplicable : { outcome: 'info', subjects: identifiers(zones) };
    },
  }),
  defineRule({
    id: 'GZ-01-ALT',
    catalogueCode: 'CPX306',
    source: `${ED269_SOURCE}: GZ-01 (b), a limit above mean sea level needs the terrain elevation`,
    stage: 'zones',
    // The zones counted only because the altitude is unknown: an altitude (or a terrain model) may clear them.
    evaluate: ({ facts }) => {
      const band = flightBand(facts);
      const undecided = (facts.geozones ?? []).filter(
        (zone) => zone.restriction !== 'NO_RESTRICTION' && verticalOverlap(zone, band) === 'unknown',
      );
      if (undecided.length === 0) return notApplicable;
      return { outcome: 'fail', blockers: ['MISSION_ALTITUDE_REQUIRED'], subjects: identifiers(undecided) };
    },
  }),
  defineRule({
    id: 'GZ-03-NOTICE',
    catalogueCode: 'CPX305',
    source: `${ED269_SOURCE}: zoneAuthority.intervalBefore`,
    stage: 'notice',
    evaluate: ({ facts, nowISO }) => {
      const zones = [...applicableZonesWith(facts, 'REQ_AUTHORISATION'), ...applicableZonesWith(facts, 'CONDITIONAL')].filter(
        (zone) => (zone.intervalBeforeDays ?? 0) > 0,
      );
      if (zones.length === 0) return notApplicable;
      const longestDays = Math.max(...zones.map((zone) => zone.intervalBeforeDays ?? 0));
      const latestContactDateISO = addDays(facts.dateISO, -longestDays);
      const params = { latestContactDateISO, intervalBeforeDays: longestDays };
      if (nowISO === undefined) return { outcome: 'info', subjects: identifiers(zones), params };
      return { outcome: nowISO <= latestContactDateISO ? 'pass' : 'fail', subjects: identifiers(zones), params };
    },
  }),
];
