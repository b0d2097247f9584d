import type pg from 'pg';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { prepared } from '../../lib/prepared';
import type { UserInput, UserListQuery } from '../../../src/shared/contracts/users';

export interface UserSummaryRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  status: 'pending' | 'active' | 'deactivated';
  agreementStatus: NonNullable<UserListQuery['agreementStatus']>;
  agreementExpiresAt: Date | null;
  createdAt: Date;
  groups: string[];
}

export interface UserPage {
  items: UserSummaryRow[];
  total: number;
}

/** The tables whose changes the user list shows (the migration's triggers notify only those columns of "User"). */
export const USER_LIST_TABLES = ['User', '_GroupToUser', 'Group'] as const;

/** A row of the page, or the one row of nulls beside the total when the page is empty. */
type PageRow = { total: string } & ({ [K in keyof UserSummaryRow]: UserSummaryRow[K] } | { [K in keyof UserSummaryRow]: null });

const SORT_COLUMNS: Record<UserListQuery['sort'], string> = {
  lastName: 'u."lastName"',
  email: 'u.email',
  createdAt: 'u."createdAt"',
  agreementStatus: 'u."agreementStatus"',
};

/**
 * The user list is the back office's hottest read. One prepared statement on Prisma's own pool answers the
 * page and the total: the count as a one-row subquery beside the page (a window count would make PostgreSQL
 * sort every matching row), and the group names looked up for the page's rows only, after OFFSET/LIMIT.
 * Through Prisma's client engine, relation loading and the count cost several times the CPU per request.
 * The router keeps the answered pages until a change to what the list shows (docs/performance.md).
 */
const DETAIL_INCLUDE = {
  groups: { select: { id: true, name: true }, orderBy: { name: 'asc' } },
  externalIdentifiers: { orderBy: { type: 'asc' } },
} satisfies Prisma.UserInclude;

export type UserDetailRow = Prisma.UserGetPayload<{ include: typeof DETAIL_INCLUDE }>;

const day = (value: string | null | undefined) => (value ? new Date(`${value}T00:00:00Z`) : null);

/**
 * What an administrator writes. The agreement status, its expiry and the message that goes with it change only through
 * the agreement workflow (server/modules/agreements: checklist, history), never here (docs/security.md).
 */
function profile(input: UserInput) {
  return {
    civility: input.civility ?? null,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phoneNumber: input.phoneNumber || null,
    dateOfBirth: day(input.dateOfBirth),
    companyName: input.companyName ?? null,
    adminZone: input.adminZone ?? null,
    subscription: input.subscription ?? null,
    addressLine1: input.addressLine1 ?? null,
    addressLine2: input.addressLine2 ?? null,
    addressLine3: input.addressLine3 ?? null,
    postalCode: input.postalCode ?? null,
    city: input.city ?? null,
    country: input.country ?? null,
    homepage: input.homepage,
    newsletter: input.newsletter,
    lang: input.lang,
    status: input.status,
  };
}

export function createUsersRepository(prisma: PrismaClient, pool: pg.Pool) {
  function filter(query: UserListQuery) {
    const values: unknown[] = [];
    const param = (value: unknown) => `$${values.push(value)}`;
    const conditions: string[] = [];
    if (query.status) conditions.push(`u.status = ${param(query.status)}::"AccountStatus"`);
    if (query.agreementStatus) conditions.push(`u."agreementStatus" = ${param(query.agreementStatus)}::"AgreementStatus"`);
    if (query.groupId)
      conditions.push(`EXISTS (SELECT 1 FROM "_GroupToUser" gm WHERE gm."B" = u.id AND gm."A" = ${param(query.groupId)}::uuid)`);
    if (query.search) {
      const pattern = param(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      conditions.push(
        `(u.email ILIKE ${pattern} OR u."lastName" ILIKE ${pattern} OR u."firstName" ILIKE ${pattern} OR u."companyName" ILIKE ${pattern})`,
      );
    }
    return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', values, param };
  }

  /** The page and the total in one statement: one round trip, and an empty page still carries the total. */
  function page(query: UserListQuery) {
    const { where, values, param } = filter(query);
    const order = `${SORT_COLUMNS[query.sort]} ${query.order === 'desc' ? 'DESC' : 'ASC'}, u.id ${query.order === 'desc' ? 'DESC' : 'ASC'}`;
    const text = `
      SELECT c.total, p.*
      FROM (SELECT count(*) AS total FROM "User" u ${where}) c
      LEFT JOIN LATERAL (
        SELECT u.id, u.email, u."firstName", u."lastName", u."companyName", u.status::text AS status,
               u."agreementStatus"::text AS "agreementStatus", u."agreementExpiresAt", u."createdAt",
               COALESCE((SELECT array_agg(g.name ORDER BY g.name) FROM "_GroupToUser" gu JOIN "Group" g ON g.id = gu."A" WHERE gu."B" = u.id), '{}') AS groups
        FROM (
          SELECT u.id, u.email, u."firstName", u."lastName", u."companyName", u.status, u."agreementStatus", u."agreementExpiresAt", u."createdAt"
          FROM "User" u
          ${where}
          ORDER BY ${order}
          OFFSET ${param((query.page - 1) * query.pageSize)} LIMIT ${param(query.pageSize)}
        ) u
        ORDER BY ${order}
      ) p ON true`;
    return prepared<PageRow>(pool, 'users-page', text, values);
  }

  return {
    /** What the registry needs to know of the user owning records, or acting on them. */
    findOwner(id: string) {
      return prisma.user.findUnique({ where: { id }, select: { id: true, email: true, parentId: true, lang: true } });
    },
    findDetail(id: string) {
      return prisma.user.findUnique({ where: { id }, include: DETAIL_INCLUDE });
    },
    findByEmail(email: string) {
      return prisma.user.findUnique({ where: { email }, select: { id: true } });
    },
    countGroups(ids: string[]) {
      return prisma.group.count({ where: { id: { in: ids } } });
    },
    create(input: UserInput, passwordHash: string, at: Date) {
      return prisma.user.create({
        data: {
          ...profile(input),
          passwordHash,
          passwordChangedAt: at,
          groups: { connect: input.groupIds.map((id) => ({ id })) },
          externalIdentifiers: { create: input.externalIdentifiers },
        },
        include: DETAIL_INCLUDE,
      });
    },
    /**
     * Replaces the profile, groups and identifiers. `deactivationReason` follows the status: set when an
     * administrator deactivates, cleared when the account is active again.
     */
    /**
     * Only the memberships that change are written: each written one ends the user's sessions (a trigger), and a
     * save that keeps the groups must not sign the user out (docs/security.md "Sessions that end").
     */
    update(id: string, input: UserInput, deactivationReason: string | null, currentGroupIds: readonly string[]) {
      return prisma.user.update({
        where: { id },
        data: {
          ...profile(input),
          deactivationReason,
          groups: {
            disconnect: currentGroupIds.filter((groupId) => !input.groupIds.includes(groupId)).map((groupId) => ({ id: groupId })),
            connect: input.groupIds.filter((groupId) => !currentGroupIds.includes(groupId)).map((groupId) => ({ id: groupId })),
          },
          externalIdentifiers: { deleteMany: {}, create: input.externalIdentifiers },
        },
        include: DETAIL_INCLUDE,
      });
    },
    revokeRefreshTokens(userId: string, at: Date) {
      return prisma.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: at } });
    },
    setApiKey(id: string, apiKey: string) {
      return prisma.user.update({ where: { id }, data: { apiKey } });
    },
    /** What a user owns that deleting the account would erase with it (the relations cascade). */
    async ownedRecords(id: string) {
      const [pilots, machines, missions, droneModels, supervisedAccounts] = await Promise.all([
        prisma.pilot.count({ where: { userId: id } }),
        prisma.machine.count({ where: { userId: id } }),
        prisma.mission.count({ where: { userId: id } }),
        prisma.droneModel.count({ where: { ownerId: id } }),
        prisma.user.count({ where: { parentId: id } }),
      ]);
      return pilots + machines + missions + droneModels + supervisedAccounts;
    },
    remove(id: string) {
      return prisma.user.delete({ where: { id } });
    },
    async list(query: UserListQuery): Promise<UserPage> {
      const { rows } = await page(query);
      const items = rows.filter((row): row is PageRow & UserSummaryRow => row.id !== null);
      return { items, total: Number(rows[0]?.total ?? 0) };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
