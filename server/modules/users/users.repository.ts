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

const statementNames = new Map<string, string>();

/** A named prepared statement: planned once per connection, reused at every call. */
function prepared<R extends pg.QueryResultRow>(pool: pg.Pool, prefix: string, text: string, values: unknown[]) {
  let name = statementNames.get(text);
  if (!name) {
    name = `${prefix}-${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    statementNames.set(text, name);
  }
  return pool.query<R>({ name, text, values });
}

/**
 * The user list is the back office's hottest read. One prepared statement on Prisma's own pool answers the
 * page and the total: the count as a one-row subquery beside the page (a window count would make PostgreSQL
 * sort every matching row), and the group names looked up for the page's rows only, after OFFSET/LIMIT.
 * Through Prisma's client engine, relation loading and the count cost several times the CPU per request.
 * The router keeps the answered pages until a change to what the list shows (docs/performance.md).
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
    async list(query: UserListQuery): Promise<UserPage> {
      const { rows } = await page(query);
      const items = rows.filter((row): row is PageRow & UserSummaryRow => row.id !== null);
      return { items, total: Number(rows[0]?.total ?? 0) };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
