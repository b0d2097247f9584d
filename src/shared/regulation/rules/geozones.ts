import type { GeozoneFact, MissionFacts } from '../facts';
import { defineRule, notApplicable, type RegulationRule } from '../rule';
import { addDays } from '../working-days';

const ED269_SOURCE = 'Reg. (EU) 2019/947 Art. 15 ; EUROCAE ED-269 / ED-318 (regulation.md §5.3)';

/** GZ-02: the flight band [0, maxHeight] must overlap the zone strictly; a zone starting at the cap does not apply. */
function appliesVertically(zone: GeozoneFact, facts: MissionFacts): boolean {
  return zone.lowerLimitM < facts.maxHeightM;
}

function zonesWith(facts: MissionFacts, restriction: GeozoneFact['restriction']): GeozoneFact[] {
  return (facts.geozones ?? []).filter((zone) => zone.restriction === restriction);
}

function applicableZonesWith(facts: MissionFacts, restriction: GeozoneFact['restriction']): GeozoneFact[] {
  return zonesWith(facts, restriction).filter((zone) => appliesVertically(zone, facts));
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
    evaluate: ({ facts }) => {
      const prohibited = zonesWith(facts, 'PROHIBITED');
      if (prohibited.length === 0) return notApplicable;
      const capM = Math.min(...prohibited.map((zone) => zone.lowerLimitM));
      const entered = prohibited.filter((zone) => appliesVertically(zone, facts));
      return entered.length === 0
        ? { outcome: 'pass', maxHeightM: capM, subjects: identifiers(prohibited) }
        : {
            outcome: 'fail',
            category: 'FORBIDDEN',
            blockers: ['GEOZONE_PROHIBITED'],
            maxHeightM: capM,
            subjects: identifiers(entered),
          };
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
