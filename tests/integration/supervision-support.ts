import type { PilotRight } from '../../src/shared/domain/enums';
import { SUPERVISED_PILOT_RIGHTS } from '../../src/shared/domain/rights';
import { createUser, login } from '../factories/users';
import { createPilot } from '../factories/registry';
import type { TestApp } from '../setup/test-app';

/**
 * A supervised pilot account of `operatorId` (group rights of the seeded "Supervised pilots"), signing in for a pilot
 * record at `level` with `rights`. Level 0 cannot sign in: `auth` is then null.
 */
export async function supervisedPilot(t: TestApp, operatorId: string, level: number, rights: PilotRight[]) {
  const user = await createUser(t.db.prisma, { rights: [...SUPERVISED_PILOT_RIGHTS], parent: { connect: { id: operatorId } } });
  const pilot = await createPilot(t.db.prisma, operatorId, {
    email: user.email,
    supervisionLevel: level,
    rights,
    supervisedUserId: user.id,
  });
  const session = level > 0 ? await login(t.app, user.email) : null;
  return { user, pilot, session, auth: session ? { Authorization: `Bearer ${session.token}` } : null };
}

export const ALL_PILOT_RIGHTS: PilotRight[] = [
  'personalAccount',
  'missionPreparation',
  'viewOperatorMachines',
  'editOtherPilotsPreflights',
  'editMachines',
  'editOperatorAccount',
];
