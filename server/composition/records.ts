import type { AppContext } from '../context';
import { createAirspacesRepository } from '../modules/airspaces/airspaces.repository';
import { createAuditRepository } from '../modules/audit/audit.repository';
import { createMissionsRepository } from '../modules/missions/missions.repository';
import { createRecordOwners } from '../modules/users/record-owner';
import { createUsersRepository } from '../modules/users/users.repository';

/** The repositories and the owner rule that several areas read: built once, handed to each area that needs them. */
export function buildRecords(ctx: AppContext) {
  const users = createUsersRepository(ctx.prisma, ctx.pool);
  return {
    audit: createAuditRepository(ctx.prisma),
    users,
    owners: createRecordOwners(users),
    airspaces: createAirspacesRepository(ctx.prisma),
    missions: createMissionsRepository(ctx.prisma),
  };
}

export type Records = ReturnType<typeof buildRecords>;
