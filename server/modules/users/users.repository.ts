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

const SORT_COLUMNS: Record<UserListQuery['sort'], string> = {
  lastName: 'u."lastName"',
  email: 'u.email',
  createdAt: 'u."createdAt"',
  agreementStatus: 'u."agreementStatus"',
};

/** A named prepared statement: planned once per connection, reused at every call. */
function prepared<R extends pg.QueryResultRow>(pool: pg.Pool, prefix: string, text: string, values: unknown[]) {
  return pool.query<R>({ name: `${prefix}-${createHash('sha1').update(text).digest('hex').slice(0, 12)}`, text, values });
}

/**
 * The user list is the back office's hottest read: two prepared statements on Prisma's own pool, the page
 * (with its group names) and the count, run side by side. Through Prisma's client engine, relation loading
 * and the count cost several times the CPU per request, and one statement with a window count made
 * PostgreSQL sort every matching row (bench/api.ts).
 */
export function createUsersRepository(prisma: PrismaClient, pool: pg.Pool) {
  function filter(query: UserListQuery) {
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
    return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', values, param };
  }

  function page(query: UserListQuery) {
    const { where, values, param } = filter(query);
    const order = `${SORT_COLUMNS[query.sort]} ${query.order === 'desc' ? 'DESC' : 'ASC'}, u.id ${query.order === 'desc' ? 'DESC' : 'ASC'}`;
    const text = `
      SELECT u.id, u.email, u."firstName", u."lastName", u."companyName", u.status::text AS status,
             u."agreementStatus"::text AS "agreementStatus", u."agreementExpiresAt", u."createdAt",
             COALESCE((SELECT array_agg(g.name ORDER BY g.name) FROM "_GroupToUser" gu JOIN "Group" g ON g.id = gu."A" WHERE gu."B" = u.id), '{}') AS groups
      FROM "User" u
      ${where}
      ORDER BY ${order}
      OFFSET ${param((query.page - 1) * query.pageSize)} LIMIT ${param(query.pageSize)}`;
    return prepared<UserSummaryRow>(pool, 'users-page', text, values);
  }

  function count(query: UserListQuery) {
    const { where, values } = filter(query);
    return prepared<{ total: string }>(pool, 'users-count', `SELECT count(*) AS total FROM "User" u ${where}`, values);
  }

  return {
    /** What the registry needs to know of the user owning records, or acting on them. */
    findOwner(id: string) {
      return prisma.user.findUnique({ where: { id }, select: { id: true, email: true, parentId: true, lang: true } });
    },
    async list(query: UserListQuery): Promise<{ items: UserSummaryRow[]; total: number }> {
      const [items, total] = await Promise.all([page(query), count(query)]);
      return { items: items.rows, total: Number(total.rows[0]?.total ?? 0) };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
