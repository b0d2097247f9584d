import type { MissionAreas, MissionConstraints } from '../../../src/shared/contracts/missions';
import type { ClassifyResponse } from '../../../src/shared/contracts/regulation';
import { ageOn, CERTIFICATE_OF_SKILL } from '../../../src/shared/domain/mission-facts';
import {
  classify,
  CLASS_MARKS,
  isRegulationError,
  NATIONAL_SCENARIOS,
  type ClassMark,
  type MissionFacts,
  type PilotCertificate,
} from '../../../src/shared/regulation';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { ZonesService } from '../../zones/zones.service';
import { toGeozoneFact } from '../regulation/regulation.mapper';
import { ZONE_LOOKUP_MIN_HEIGHT_M } from '../regulation/regulation.service';
import type { MissionsRepository } from './missions.repository';
import type { MissionsService } from './missions.service';

export { ageOn, CERTIFICATE_OF_SKILL };

const isClassMark = (value: string): value is ClassMark => (CLASS_MARKS as readonly string[]).includes(value);
const isNationalScenario = (value: string | null): value is (typeof NATIONAL_SCENARIOS)[number] =>
  value !== null && (NATIONAL_SCENARIOS as readonly string[]).includes(value);

export function createMissionRegulation(deps: {
  repository: MissionsRepository;
  missions: MissionsService;
  zones: ZonesService;
  clock: Clock;
}) {
  const { repository, missions, zones, clock } = deps;

  return {
    /**
     * The verdict for the stored mission: facts from its main machine, referent pilot (age and certificates at the
     * mission's date), constraints, dates, height and the geozones its area meets at its start. Missing facts answer
     * 422 INSUFFICIENT_DATA naming them; the verdict is stored on the mission.
     */
    async classify(actor: AuthUser, id: string, requestedCountry: string | undefined): Promise<ClassifyResponse> {
      const mission = await missions.findMission(actor, id, 'PREFLIGHT_LIST_ADMIN');
      const [pilot, machine] = await repository.regulationFacts(mission);
      const constraints = (mission.constraints as MissionConstraints | null) ?? {};
      const day = mission.startAt?.toISOString().slice(0, 10);
      const missing: string[] = [];
      const need = <T>(value: T | null | undefined, field: string): T | undefined => {
        if (value === null || value === undefined) missing.push(field);
        return value ?? undefined;
      };
      const classMark = machine?.classes.find(isClassMark);
      const certificates = (pilot?.documents ?? [])
        .filter((d) => day && (!d.validFrom || d.validFrom.toISOString().slice(0, 10) <= day))
        .filter((d) => day && (!d.validUntil || d.validUntil.toISOString().slice(0, 10) >= day))
        .map((d) => CERTIFICATE_OF_SKILL[d.skillType])
        .filter((c): c is PilotCertificate => c !== undefined);
      const facts = {
        massGrams: need(machine?.massGrams, 'massGrams'),
        classMark: need(classMark, 'classMark'),
        maxHeightM: need(mission.maxHeightM, 'maxHeightM'),
        overPeople: need(constraints.overPeople, 'overPeople'),
        distanceToPeopleM: need(constraints.distanceToPeopleM, 'distanceToPeopleM'),
        vlos: need(constraints.vlos, 'vlos'),
        urban: need(constraints.urban, 'urban'),
        pilotAge: need(pilot?.birthDate && day ? ageOn(pilot.birthDate, day) : null, 'pilotAge'),
        pilotCertificates: certificates,
        nearAerodrome: need(constraints.nearAerodrome, 'nearAerodrome'),
        dateISO: need(day, 'dateISO'),
        timeUTC: mission.startAt?.toISOString().slice(11, 16),
        hasCamera: mission.camerawork || (machine?.equipmentCamera ?? false),
        ...(constraints.night === undefined ? {} : { night: constraints.night }),
        ...(constraints.professional === undefined ? {} : { professional: constraints.professional }),
        ...(constraints.controlledGroundArea === undefined ? {} : { controlledGroundArea: constraints.controlledGroundArea }),
        ...(constraints.distanceToRoadM === undefined ? {} : { distanceToRoadM: constraints.distanceToRoadM }),
        ...(isNationalScenario(mission.scenario) ? { scenario: mission.scenario } : {}),
      };
      if (!pilot) missing.push('referentPilotId');
      if (!machine) missing.push('mainMachineId');
      if (missing.length > 0) {
        throw new AppError('INSUFFICIENT_DATA', `Facts missing to classify the mission: ${missing.join(', ')}`, {
          fields: Object.fromEntries(missing.map((field) => [field, ['validation:required']])),
        });
      }
      const areas = mission.areas as MissionAreas;
      const matches = await zones.matches(areas, Math.max(mission.maxHeightM ?? 0, ZONE_LOOKUP_MIN_HEIGHT_M), mission.startAt as Date);
      const geozones = matches.map(toGeozoneFact);
      const country = requestedCountry ?? mission.country ?? undefined;
      try {
        const verdict = classify(country, { ...facts, geozones } as MissionFacts, { nowISO: clock.now().toISOString() });
        const response = { ...verdict, geozones };
        await repository.saveVerdict(mission.id, verdict.country, response, clock.now());
        return response;
      } catch (error) {
        if (!isRegulationError(error)) throw error;
        const fields = Object.fromEntries(error.fields.map((field) => [field, ['validation:invalid']]));
        throw new AppError(error.code, `Classification refused: ${error.code}`, error.fields.length > 0 ? { fields } : undefined);
      }
    },
  };
}

export type MissionRegulation = ReturnType<typeof createMissionRegulation>;
