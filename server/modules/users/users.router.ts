import { pageOf } from '../../../src/shared/contracts/common';
import { userListQuerySchema, userSummarySchema, type UserSummary } from '../../../src/shared/contracts/users';
import { ApiRouter } from '../../lib/api-router';
import { prepareJson, sendPreparedJson, type PreparedJson } from '../../lib/prepared-json';
import type { ReadCache } from '../../lib/read-cache';
import type { ApiRegistry } from '../../openapi';
import type { UserSummaryRow, UsersRepository } from './users.repository';

const toUserSummary = (row: UserSummaryRow): UserSummary => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  companyName: row.companyName,
  status: row.status,
  agreementStatus: row.agreementStatus,
  agreementExpiresAt: row.agreementExpiresAt?.toISOString() ?? null,
  groups: row.groups,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Pages are kept serialized in `cache` until a change to what the list shows. Every caller holding the list
 * right sees every account, so the normalized query alone names a page: a list narrowed to the caller (an
 * operator's own accounts) would add the caller's scope to the key.
 */
export function usersRouter(registry: ApiRegistry, repository: UsersRepository, cache: ReadCache<PreparedJson>) {
  return new ApiRouter(registry, '/api/users', 'users').route({
    method: 'get',
    path: '/',
    summary: 'Users, paginated, with search, filters and sort',
    access: ['USER_LIST_ADMIN'],
    query: userListQuerySchema,
    response: pageOf(userSummarySchema),
    handler: async ({ query, req, res }) => {
      const key = JSON.stringify([
        query.page,
        query.pageSize,
        query.search ?? '',
        query.sort,
        query.order,
        query.status,
        query.agreementStatus,
      ]);
      const page = await cache.get(key, async () => {
        const { items, total } = await repository.list(query);
        return prepareJson(req.app, { items: items.map(toUserSummary), total, page: query.page, pageSize: query.pageSize });
      });
      sendPreparedJson(res, page);
    },
  }).router;
}
