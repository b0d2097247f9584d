import request from 'supertest';
import type { Prisma } from '../../server/generated/prisma/client';
import type { Right } from '../../src/shared/domain/rights';
import { AIRSPACE_MANAGER_RIGHTS } from '../../src/shared/domain/rights';
import { signedInUser } from '../factories/users';
import type { TestApp } from '../setup/test-app';
import { completeMission, missionOperator, postMission, square } from './missions-support';

/** The test airspace's outline: the Saclay plateau of the demo airspace. */
export const AIRSPACE_OUTLINE = square(2.1, 48.68, 0.07);
/** Inside the airspace, about 0.2 km². */
export const INSIDE = square(2.15, 48.7, 0.005);

/** An airspace with no limits unless told, managed by a new manager (signed in). */
export async function managedAirspace(
  t: TestApp,
  fields: Partial<Prisma.AirspaceUncheckedCreateInput> = {},
  rights: readonly Right[] = AIRSPACE_MANAGER_RIGHTS,
) {
  const manager = await signedInUser(t.app, t.db.prisma, [...rights]);
  const airspace = await t.db.prisma.airspace.create({
    data: {
      name: 'Saclay test airspace',
      internalCode: `TEST-${Math.random().toString(36).slice(2, 10)}`,
      geometry: AIRSPACE_OUTLINE,
      minLon: 2.1,
      maxLon: 2.17,
      minLat: 48.68,
      maxLat: 48.75,
      generalConditions: 'Weekdays only.',
      ...fields,
      managers: { connect: { id: manager.user.id } },
    },
  });
  return { manager, airspace };
}

/** An operator with a complete mission inside the airspace (start 2026-07-01 08:00Z, two hours). */
export async function operatorWithMission(t: TestApp, change: Record<string, unknown> = {}) {
  const operator = await missionOperator(t);
  const mission = await postMission(t, operator.auth, completeMission(operator, { areas: INSIDE, ...change }));
  if (mission.status !== 201) throw new Error(`mission refused: ${JSON.stringify(mission.body)}`);
  return { operator, missionId: mission.body.id as string };
}

export function file(t: TestApp, auth: Record<string, string>, body: Record<string, unknown>) {
  return request(t.app)
    .post('/api/procedures')
    .set(auth)
    .send({ conditionsAccepted: true, ...body });
}

export function decide(t: TestApp, auth: Record<string, string>, id: string, action: string, body: object = {}) {
  return request(t.app).post(`/api/procedures/${id}/actions/${action}`).set(auth).send(body);
}
