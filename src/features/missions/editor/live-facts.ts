import type { MachineDetail } from '@/shared/contracts/machines';
import type { PilotDetail } from '@/shared/contracts/pilots';
import type { ZoneIntersection } from '@/shared/contracts/zones';
import { ageOn, CERTIFICATE_OF_SKILL } from '@/shared/domain/mission-facts';
import {
  CLASS_MARKS,
  NATIONAL_SCENARIOS,
  type ClassMark,
  type GeozoneFact,
  type MissionFacts,
  type PilotCertificate,
} from '@/shared/regulation';
import type { MissionFormValues } from './form-values';

/**
 * Zones are looked up for a flight band of at least 120 m, as the server does for a stored mission
 * (docs/missions.md "Regulation"): a prohibited zone starting above the planned height still caps it.
 */
export const ZONE_LOOKUP_MIN_HEIGHT_M = 120;

export type LiveFacts = { facts: MissionFacts; missing: [] } | { facts: null; missing: string[] };

const isClassMark = (value: string): value is ClassMark => (CLASS_MARKS as readonly string[]).includes(value);
const isNationalScenario = (value: string): value is (typeof NATIONAL_SCENARIOS)[number] =>
  (NATIONAL_SCENARIOS as readonly string[]).includes(value);

/** An intersecting zone as the engine's `geozones` fact (the server's toGeozoneFact, from the intersect answer). */
export function geozoneFactOf(zone: ZoneIntersection): GeozoneFact {
  return {
    identifier: zone.identifier,
    name: zone.name,
    restriction: zone.restriction,
    lowerLimitM: zone.lowerLimitM,
    upperLimitM: zone.upperLimitM,
    ...(zone.message ? { message: zone.message } : {}),
    ...(zone.authority?.name ? { authorityName: zone.authority.name } : {}),
    ...(zone.intervalBeforeDays === null ? {} : { intervalBeforeDays: zone.intervalBeforeDays }),
  };
}

/**
 * The engine's facts from what the form holds, with the same sources as the server's verdict of a stored mission
 * (docs/missions.md "Regulation"); the fields still missing are named instead.
 */
export function liveFacts(
  values: MissionFormValues,
  pilot: PilotDetail | undefined,
  machine: MachineDetail | undefined,
  zones: readonly ZoneIntersection[],
): LiveFacts {
  const missing: string[] = [];
  const need = <T>(value: T | null | undefined | '', field: string): T | undefined => {
    if (value === null || value === undefined || value === '') {
      missing.push(field);
      return undefined;
    }
    return value;
  };
  const day = values.startAt?.slice(0, 10);
  const { constraints } = values;
  const certificates = (pilot?.documents ?? [])
    .filter((d) => day && (!d.validFrom || d.validFrom.slice(0, 10) <= day) && (!d.validUntil || d.validUntil.slice(0, 10) >= day))
    .map((d) => CERTIFICATE_OF_SKILL[d.skillType])
    .filter((c): c is PilotCertificate => c !== undefined);
  const yes = (answer: string) => (answer === '' ? undefined : answer === 'yes');
  const facts = {
    massGrams: need(machine?.massGrams, 'massGrams'),
    classMark: need(machine?.classes.find(isClassMark), 'classMark'),
    maxHeightM: need(values.maxHeightM, 'maxHeightM'),
    overPeople: need(constraints.overPeople, 'overPeople'),
    distanceToPeopleM: need(constraints.distanceToPeopleM, 'distanceToPeopleM'),
    vlos: need(yes(constraints.vlos), 'vlos'),
    urban: need(yes(constraints.urban), 'urban'),
    pilotAge: need(pilot?.birthDate && day ? ageOn(pilot.birthDate, day) : null, 'pilotAge'),
    pilotCertificates: certificates,
    nearAerodrome: need(yes(constraints.nearAerodrome), 'nearAerodrome'),
    dateISO: need(day, 'dateISO'),
    timeUTC: values.startAt?.slice(11, 16),
    hasCamera: values.camerawork || (machine?.equipments.camera ?? false),
    night: yes(constraints.night),
    professional: yes(constraints.professional),
    controlledGroundArea: yes(constraints.controlledGroundArea),
    distanceToRoadM: constraints.distanceToRoadM === '' ? undefined : constraints.distanceToRoadM,
    scenario: isNationalScenario(values.scenario) ? values.scenario : undefined,
    geozones: zones.map(geozoneFactOf),
  };
  if (!values.referentPilotId) missing.push('referentPilotId');
  if (!values.mainMachineId) missing.push('mainMachineId');
  if (missing.length > 0) return { facts: null, missing };
  const defined = Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined));
  return { facts: defined as MissionFacts, missing: [] };
}
