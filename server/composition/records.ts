import type { AppContext } from '../context';
import { createAirspacesRepository } from '../modules/airspaces/airspaces.repository';
import { createAuditRepository } from '../modules/audit/audit.repository';
import { createMissionReach } from '../modules/missions/mission-reach';
import { createMissionsRepository } from '../modules/missions/missions.repository';
import { createRecordOwners } from '../modules/users/record-owner';
import { createUsersRepository } from '../modules/users/users.repository';

/** The repositories and the owner rule that several areas read: built once, handed to each area that needs them. */
export function buildRecords(ctx: AppContext) {
  const users = createUsersRepository(ctx.prisma, ctx.pool);
  const missions = createMissionsRepository(ctx.prisma);
  return {
    audit: createAuditRepository(ctx.prisma),
    users,
    owners: createRecordOwners(users),
    airspaces: createAirspacesRepository(ctx.prisma),
    missions,
    /** The supervised pilot's rule on a mission's data (docs/security.md "Missions a pilot flies"). */
    missionReach: createMissionReach(missions),
  };
}

export type Records = ReturnType<typeof buildRecords>;
