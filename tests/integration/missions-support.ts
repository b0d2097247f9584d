import request from 'supertest';
import type { AgreementStatus } from '../../src/shared/domain/enums';
import type { Right } from '../../src/shared/domain/rights';
import { signedInUser } from '../factories/users';
import { createMachine, createPilot } from '../factories/registry';
import type { TestApp } from '../setup/test-app';

export const MISSION_OPERATOR: Right[] = ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT'];

/** A square of `sideDeg` degrees south-west corner at (lon, lat), as a mission's areas. */
export function square(lon: number, lat: number, sideDeg: number) {
  return {
    type: 'MultiPolygon' as const,
    coordinates: [
      [
        [
          [lon, lat],
          [lon + sideDeg, lat],
          [lon + sideDeg, lat + sideDeg],
          [lon, lat + sideDeg],
          [lon, lat],
        ],
      ],
    ],
  };
}

/** Next to Orly aerodrome (LFPO), about 0.2 km². */
export const NEAR_ORLY = square(2.35, 48.74, 0.005);

/** An operator whose agreement allows missions, with one pilot and one machine. */
export async function missionOperator(t: TestApp, rights: Right[] = MISSION_OPERATOR, agreementStatus: AgreementStatus = 'validated') {
  const operator = await signedInUser(t.app, t.db.prisma, rights, { agreementStatus });
  const pilot = await createPilot(t.db.prisma, operator.user.id, { birthDate: new Date('1990-05-01') });
  const machine = await createMachine(t.db.prisma, operator.user.id, { massGrams: 900, classes: ['C1'] });
  return { ...operator, pilot, machine };
}

/** The pilot and machine a mission is created with (domain §5). */
export function crewOf(refs: { pilot: { id: string }; machine: { id: string } }) {
  return { referentPilotId: refs.pilot.id, mainMachineId: refs.machine.id };
}

/** The least a mission is created with: a title, an area, a pilot and a machine; it is initiated. */
export function sketchMission(refs: { pilot: { id: string }; machine: { id: string } }, change: Record<string, unknown> = {}) {
  return { title: 'Idea', areas: NEAR_ORLY, ...crewOf(refs), ...change };
}

/** Everything that makes a mission complete (docs/missions.md). */
export function completeMission(refs: { pilot: { id: string }; machine: { id: string } }, change: Record<string, unknown> = {}) {
  return {
    title: 'Survey of the hangars',
    ...crewOf(refs),
    maxHeightM: 50,
    areas: NEAR_ORLY,
    startAt: '2026-07-01T08:00:00.000Z',
    endAt: '2026-07-01T10:00:00.000Z',
    constraints: { overPeople: 'none', distanceToPeopleM: 50, vlos: true, urban: false, nearAerodrome: true },
    ...change,
  };
}

export function postMission(t: TestApp, auth: Record<string, string>, body: unknown) {
  return request(t.app)
    .post('/api/preflights')
    .set(auth)
    .send(body as object);
}

export function act(t: TestApp, auth: Record<string, string>, id: string, action: string, body: object = {}) {
  return request(t.app).post(`/api/preflights/${id}/actions/${action}`).set(auth).send(body);
}
