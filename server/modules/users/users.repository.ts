import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { PrismaClient } from '../../generated/prisma/client';
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

type Row = UserSummaryRow & { total: string };

const SORT_COLUMNS: Record<UserListQuery['sort'], string> = {
  lastName: 'u."lastName"',
  email: 'u.email',
  createdAt: 'u."createdAt"',
  agreementStatus: 'u."agreementStatus"',
};

/**
 * The user list is the back office's hottest read. It is one prepared statement (page, group names and
 * total) on Prisma's own pool: through Prisma's client engine, relation loading and a separate count cost
 * about six times the CPU per request (bench/api.ts).
 */
export function createUsersRepository(prisma: PrismaClient, pool: pg.Pool) {
  function select(query: UserListQuery, offset: number, limit: number) {
    const values: unknown[] = [];
    const param = (value: unknown) => `$${values.push(value)}`;
    const conditions: string[] = [];
    if (query.status) conditions.push(`u.status = ${param(query.status)}::"AccountStatus"`);
    if (query.agreementStatus) conditions.push(`u."agreementStatus" = ${param(query.agreementStatus)}::"AgreementStatus"`);
    if (query.search) {
      const pattern = param(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      conditions.push(
        `(u.email ILIKE ${pattern} OR u."lastName" ILIKE ${pattern} OR u."firstName" ILIKE ${pattern} OR u."companyName" ILIKE ${pattern})`,
      );
    }
    const order = `${SORT_COLUMNS[query.sort]} ${query.order === 'desc' ? 'DESC' : 'ASC'}, u.id ASC`;
    // The page is cut first, so group names are gathered for its rows only.
    const text = `
      WITH page AS (
        SELECT u.id, u.email, u."firstName", u."lastName", u."companyName", u.status::text AS status,
               u."agreementStatus"::text AS "agreementStatus", u."agreementExpiresAt", u."createdAt",
               count(*) OVER () AS total, row_number() OVER (ORDER BY ${order}) AS position
        FROM "User" u
        ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY ${order}
        OFFSET ${param(offset)} LIMIT ${param(limit)}
      )
      SELECT p.id, p.email, p."firstName", p."lastName", p."companyName", p.status, p."agreementStatus", p."agreementExpiresAt", p."createdAt", p.total,
             COALESCE((SELECT array_agg(g.name ORDER BY g.name) FROM "_GroupToUser" gu JOIN "Group" g ON g.id = gu."A" WHERE gu."B" = p.id), '{}') AS groups
      FROM page p
      ORDER BY p.position`;
    const name = `users-list-${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    return pool.query<Row>({ name, text, values });
  }

  return {
    /** What the registry needs to know of the user owning records, or acting on them. */
    findOwner(id: string) {
      return prisma.user.findUnique({ where: { id }, select: { id: true, email: true, parentId: true, lang: true } });
    },
    async list(query: UserListQuery): Promise<{ items: UserSummaryRow[]; total: number }> {
      const { rows } = await select(query, (query.page - 1) * query.pageSize, query.pageSize);
      // Past the last page the window count has no row to ride on.
      const totalRow = rows[0] ?? (query.page > 1 ? (await select(query, 0, 1)).rows[0] : undefined);
      return { items: rows.map(({ total: _total, ...row }) => row), total: Number(totalRow?.total ?? 0) };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
