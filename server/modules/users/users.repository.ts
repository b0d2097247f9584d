import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { UserListQuery } from '../../../src/shared/contracts/users';

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

const SORT_COLUMNS: Record<UserListQuery['sort'], Prisma.Sql> = {
  lastName: Prisma.sql`u."lastName"`,
  email: Prisma.sql`u.email`,
  createdAt: Prisma.sql`u."createdAt"`,
  agreementStatus: Prisma.sql`u."agreementStatus"`,
};

type Row = UserSummaryRow & { total: bigint };

export function createUsersRepository(prisma: PrismaClient) {
  function select(query: UserListQuery, offset: number, limit: number) {
    const conditions: Prisma.Sql[] = [];
    if (query.status) conditions.push(Prisma.sql`u.status = ${query.status}::"AccountStatus"`);
    if (query.agreementStatus) conditions.push(Prisma.sql`u."agreementStatus" = ${query.agreementStatus}::"AgreementStatus"`);
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        Prisma.sql`(u.email ILIKE ${pattern} OR u."lastName" ILIKE ${pattern} OR u."firstName" ILIKE ${pattern} OR u."companyName" ILIKE ${pattern})`,
      );
    }
    const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
    const direction = query.order === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
    return prisma.$queryRaw<Row[]>`
      SELECT u.id, u.email, u."firstName", u."lastName", u."companyName", u.status::text AS status,
             u."agreementStatus"::text AS "agreementStatus", u."agreementExpiresAt", u."createdAt",
             COALESCE((SELECT array_agg(g.name ORDER BY g.name) FROM "_GroupToUser" gu JOIN "Group" g ON g.id = gu."A" WHERE gu."B" = u.id), '{}') AS groups,
             count(*) OVER () AS total
      FROM "User" u
      ${where}
      ORDER BY ${SORT_COLUMNS[query.sort]} ${direction}, u.id ASC
      OFFSET ${offset} LIMIT ${limit}`;
  }

  return {
    /** What the registry needs to know of the user owning records, or acting on them. */
    findOwner(id: string) {
      return prisma.user.findUnique({ where: { id }, select: { id: true, email: true, parentId: true, lang: true } });
    },
    /**
     * One statement for the page, its group names and the total: the list is the back office's hottest
     * read, and Prisma's relation loading plus a separate count cost four times the CPU.
     */
    async list(query: UserListQuery): Promise<{ items: UserSummaryRow[]; total: number }> {
      const rows = await select(query, (query.page - 1) * query.pageSize, query.pageSize);
      // Past the last page the window count has no row to ride on.
      const totalRow = rows[0] ?? (query.page > 1 ? (await select(query, 0, 1))[0] : undefined);
      return { items: rows.map(({ total: _total, ...row }) => row), total: Number(totalRow?.total ?? 0) };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
