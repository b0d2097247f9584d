import { pageOf } from '../../../src/shared/contracts/common';
import { userListQuerySchema, userSummarySchema, type UserSummary } from '../../../src/shared/contracts/users';
import { ApiRouter } from '../../lib/api-router';
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

export function usersRouter(registry: ApiRegistry, repository: UsersRepository) {
  return new ApiRouter(registry, '/api/users', 'users').route({
    method: 'get',
    path: '/',
    summary: 'Users, paginated, with search, filters and sort',
    access: ['USER_LIST_ADMIN'],
    query: userListQuerySchema,
    response: pageOf(userSummarySchema),
    handler: async ({ query }) => {
      const { items, total } = await repository.list(query);
      return { items: items.map(toUserSummary), total, page: query.page, pageSize: query.pageSize };
    },
  }).router;
}
