import { METRES_PER_FOOT, type MissionAreas, type MissionConstraints, type ContextMarker } from '../../../src/shared/contracts/missions';
import type { ClassifyResult, MissionVerdict } from '../../../src/shared/contracts/regulation';
import { ageOn, CERTIFICATE_OF_SKILL } from '../../../src/shared/domain/mission-facts';
import type { ZoneMatch } from '../../../src/shared/geozones';
import type { FlightWindow } from '../../../src/shared/geozones/applicability';
import {
  classify,
  CLASS_MARKS,
  isRegulationError,
  NATIONAL_SCENARIOS,
  type ClassMark,
  type Country,
  type MissionFacts,
  type PilotCertificate,
} from '../../../src/shared/regulation';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { GeometryPool } from '../../lib/geometry-pool';
import type { ZonesService } from '../../zones/zones.service';
import { countriesOfArea, countriesWithoutZones } from '../regulation/area-countries';
import { contextFacts, obstacleFacts, type ContextLayers } from '../regulation/context-facts';
import { egm96, toGeozoneFact } from '../regulation/regulation.mapper';
import { runwayFacts, type RunwaySource } from '../regulation/runway-facts';
import { ZONE_LOOKUP_MIN_HEIGHT_M } from '../regulation/regulation.service';
import type { MissionRow, MissionsRepository } from './missions.repository';
import type { MissionsService } from './missions.service';

export { ageOn, CERTIFICATE_OF_SKILL };

const isClassMark = (value: string): value is ClassMark => (CLASS_MARKS as readonly string[]).includes(value);
const isNationalScenario = (value: string | null): value is (typeof NATIONAL_SCENARIOS)[number] =>
  value !== null && (NATIONAL_SCENARIOS as readonly string[]).includes(value);

/** Errors that mean "no verdict for this mission as it stands": a save stores none and the tab names the reason. */
const NO_VERDICT_CODES = new Set([
  'INSUFFICIENT_DATA',
  'COUNTRY_UNDETERMINED',
  'COUNTRY_NOT_IN_AREA',
  'REGULATION_NOT_SUPPORTED',
  'UNSUPPORTED_AREA',
  'DRONE_NOT_APPROVED',
]);

// French zone names: "[LF][CTR RENNES]"; runway and heliport zones: "Piste 10/28 aérodrome …", "Hélistation …".
const CTR_NAME = /\[CTR\b/;
const AERODROME_NAME = /^(Piste|Hélistation|Hélisurface)\b|\baérodrome\b/i;
const MILITARY_CTR_REASON = 'Zone de contrôle militaire';

/** FR-CTR-01, FR-AD-*: what the zones the area meets say about controlled airspace and aerodromes. */
function zoneFacts(matches: readonly ZoneMatch[]): Pick<MissionFacts, 'inCTR' | 'ctrListedAnnexII3'> & { nearAerodrome: boolean } {
  const ctrs = matches.filter((match) => CTR_NAME.test(match.zone.name));
  return {
    inCTR: ctrs.length > 0,
    ctrListedAnnexII3: ctrs.some((match) => match.zone.otherReasonInfo?.trim() === MILITARY_CTR_REASON),
    nearAerodrome: matches.some((match) => AERODROME_NAME.test(match.zone.name)),
  };
}

/** The zones a mission meets are those active at some time of its flight: from its start to its end when it has one. */
function flightWindow(startAt: Date, endAt: Date | null): Date | FlightWindow {
  return endAt && endAt > startAt ? { startAt, endAt } : startAt;
}

export interface MissionVerdictsDeps {
  repository: MissionsRepository;
  zones: ZonesService;
  clock: Clock;
  layers: ContextLayers;
  runways: RunwaySource;
  geometry: Pick<GeometryPool, 'intersectsEach'>;
}

/** The verdicts of stored missions: derived from the mission, its pilot and machine, the zones and the context layers. */
export function createMissionVerdicts(deps: MissionVerdictsDeps) {
  const { repository, zones, clock, layers, runways, geometry } = deps;

  /** The facts of the stored mission; missing ones answer 422 INSUFFICIENT_DATA naming them. */
  async function factsOf(mission: MissionRow, areas: MissionAreas, matches: readonly ZoneMatch[]): Promise<MissionFacts> {
    const [pilot, machine] = await repository.regulationFacts(mission);
    const constraints = (mission.constraints as MissionConstraints | null) ?? {};
    const day = mission.startAt?.toISOString().slice(0, 10);
    const missing: string[] = [];
    const need = <T>(value: T | null | undefined, field: string): T | undefined => {
      if (value === null || value === undefined) missing.push(field);
      return value ?? undefined;
    };
    const certificates = (pilot?.documents ?? [])
      .filter((d) => day && (!d.validFrom || d.validFrom.toISOString().slice(0, 10) <= day))
      .filter((d) => day && (!d.validUntil || d.validUntil.toISOString().slice(0, 10) >= day))
      .map((d) => CERTIFICATE_OF_SKILL[d.skillType])
      .filter((c): c is PilotCertificate => c !== undefined);
    const fromZones = zoneFacts(matches);
    const [fromLayers, fromRunways] = await Promise.all([contextFacts(areas, layers, geometry), runwayFacts(areas, runways, geometry)]);
    const obstacle = obstacleFacts(areas, (mission.contextMarkers as ContextMarker[] | null) ?? []);
    const optional = {
      night: constraints.night,
      professional: constraints.professional,
      controlledGroundArea: constraints.controlledGroundArea,
      publicSpace: constraints.publicSpace,
      obstacleOwnerRequest: constraints.obstacleOwnerRequest,
      // The shipped layers where they cover the area, else the operator's answer.
      distanceToRoadM: fromLayers.distanceToRoadM ?? constraints.distanceToRoadM,
      inProtectedSpeciesZone: fromLayers.inProtectedSpeciesZone ?? constraints.inProtectedSpeciesZone,
      runwayInstrument: fromRunways.runwayInstrument,
      runwayLengthM: fromRunways.runwayLengthM,
      distanceDAkm: fromRunways.distanceDAkm,
      inCTR: fromZones.inCTR,
      ctrListedAnnexII3: fromZones.ctrListedAnnexII3,
      ...obstacle,
      groundElevationM: mission.groundElevationSource === 'terrain' ? (mission.groundElevationM ?? undefined) : undefined,
      maxAltitudeAmslM:
        mission.maxAltitudeSource === 'operator' && mission.maxAltitudeFt !== null ? mission.maxAltitudeFt * METRES_PER_FOOT : undefined,
      scenario: isNationalScenario(mission.scenario) ? mission.scenario : undefined,
    };
    const facts = {
      massGrams: need(machine?.massGrams, 'massGrams'),
      classMark: need(machine?.classes.find(isClassMark), 'classMark'),
      maxHeightM: need(mission.maxHeightM, 'maxHeightM'),
      overPeople: need(constraints.overPeople, 'overPeople'),
      distanceToPeopleM: need(constraints.distanceToPeopleM, 'distanceToPeopleM'),
      vlos: need(constraints.vlos, 'vlos'),
      urban: need(constraints.urban, 'urban'),
      pilotAge: need(pilot?.birthDate && day ? ageOn(pilot.birthDate, day) : null, 'pilotAge'),
      pilotCertificates: certificates,
      // A known runway within 10 km, or a runway or heliport zone, settles it; elsewhere the operator says.
      nearAerodrome: fromRunways.nearAerodrome || fromZones.nearAerodrome ? true : need(constraints.nearAerodrome, 'nearAerodrome'),
      dateISO: need(day, 'dateISO'),
      timeUTC: mission.startAt?.toISOString().slice(11, 19),
      hasCamera: mission.camerawork || (machine?.equipmentCamera ?? false),
      ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    };
    if (!pilot) missing.push('referentPilotId');
    if (!machine) missing.push('mainMachineId');
    if (missing.length > 0) {
      throw new AppError('INSUFFICIENT_DATA', `Facts missing to classify the mission: ${missing.join(', ')}`, {
        fields: Object.fromEntries(missing.map((field) => [field, ['validation:required']])),
      });
    }
    return facts as MissionFacts;
  }

  /**
   * One verdict per regulation of the countries the area lies in (the most covered first); the top level is the one
   * of `requestedCountry`, else the mission's country, else the first. A country the area is not in is refused.
   */
  async function compute(mission: MissionRow, requestedCountry?: Country): Promise<MissionVerdict> {
    const areas = mission.areas as MissionAreas | null;
    if (!areas || areas.coordinates.length === 0) throw new AppError('MISSION_NO_AREA', 'A flight area is required');
    const areaCountries = countriesOfArea(areas);
    if (areaCountries.length === 0) throw new AppError('UNSUPPORTED_AREA', 'The area lies in no country');
    const regulations = [...new Set(areaCountries.map((country) => country.regulation).filter((code): code is Country => code !== null))];
    if (regulations.length === 0) throw new AppError('REGULATION_NOT_SUPPORTED', 'The regulation of the country is not supported');
    const selected = requestedCountry ?? mission.country ?? regulations[0];
    if (selected === undefined || !regulations.includes(selected)) {
      throw new AppError('COUNTRY_NOT_IN_AREA', `The area does not lie in ${selected}`, { fields: { country: ['validation:invalid'] } });
    }
    if (mission.startAt === null) {
      throw new AppError('INSUFFICIENT_DATA', 'Facts missing to classify the mission: dateISO', {
        fields: { dateISO: ['validation:required'] },
      });
    }
    const [matches, covered] = await Promise.all([
      zones.matches(areas, Math.max(mission.maxHeightM ?? 0, ZONE_LOOKUP_MIN_HEIGHT_M), flightWindow(mission.startAt, mission.endAt)),
      zones.countries(),
    ]);
    const geozones = matches.map(toGeozoneFact);
    const facts = await factsOf(mission, areas, matches);
    const verdictOf = (country: Country): ClassifyResult => {
      try {
        return { ...classify(country, { ...facts, geozones }, { nowISO: clock.now().toISOString(), geoid: egm96 }), geozones };
      } catch (error) {
        if (!isRegulationError(error)) throw error;
        const fields = Object.fromEntries(error.fields.map((field) => [field, ['validation:invalid']]));
        throw new AppError(error.code, `Classification refused: ${error.code}`, error.fields.length > 0 ? { fields } : undefined);
      }
    };
    const verdicts = [selected, ...regulations.filter((code) => code !== selected)].map(verdictOf);
    const groundSource = facts.groundElevationM !== undefined ? 'terrain' : facts.maxAltitudeAmslM !== undefined ? 'operator' : null;
    return {
      ...(verdicts[0] as ClassifyResult),
      areaCountries,
      verdicts,
      groundElevationM: mission.groundElevationM,
      groundSource,
      zoneDataMissing: countriesWithoutZones(areaCountries, covered),
    };
  }

  return {
    compute,

    /** After a save: the verdict of the mission as saved, stored; none stored when it cannot be classified as it stands. */
    async refresh(mission: MissionRow): Promise<MissionRow> {
      try {
        const verdict = await compute(mission);
        return await repository.saveVerdict(mission.id, verdict.country, verdict, clock.now());
      } catch (error) {
        if (error instanceof AppError && NO_VERDICT_CODES.has(error.code)) return mission;
        throw error;
      }
    },

    /** GET /api/preflights/:id/regulation: the verdict (country from the query or the mission), stored. */
    async classify(mission: MissionRow, requestedCountry: Country | undefined): Promise<MissionVerdict> {
      const verdict = await compute(mission, requestedCountry);
      await repository.saveVerdict(mission.id, verdict.country, verdict, clock.now());
      return verdict;
    },
  };
}

export type MissionVerdicts = ReturnType<typeof createMissionVerdicts>;

export function createMissionRegulation(deps: { missions: MissionsService; verdicts: MissionVerdicts }) {
  return {
    async classify(actor: AuthUser, id: string, requestedCountry: Country | undefined): Promise<MissionVerdict> {
      const mission = await deps.missions.findMission(actor, id, 'PREFLIGHT_LIST_ADMIN');
      return deps.verdicts.classify(mission, requestedCountry);
    },
  };
}

export type MissionRegulation = ReturnType<typeof createMissionRegulation>;
