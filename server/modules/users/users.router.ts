import { idParamsSchema } from '../../../src/shared/contracts/common';
import {
  apiKeyResultSchema,
  userDetailSchema,
  userInputSchema,
  userListQuerySchema,
  userPageSchema,
  type UserPage,
} from '../../../src/shared/contracts/users';
import { ApiRouter } from '../../lib/api-router';
import { prepareJson, type PreparedJson } from '../../lib/prepared-json';
import type { ReadCache } from '../../lib/read-cache';
import type { ApiRegistry } from '../../openapi';
import type { UsersService } from './users.service';

const READERS = ['USER_LIST_ADMIN', 'USER_EDIT_ADMIN'] as const;
const EDITORS = ['USER_EDIT_ADMIN'] as const;

/**
 * List pages are kept serialized in `cache` until a change to what the list shows (docs/performance.md). Every
 * caller holding the list right sees every account, so the normalized query alone names a page.
 */
export function usersRouter(registry: ApiRegistry, service: UsersService, cache: ReadCache<PreparedJson<UserPage>>) {
  return new ApiRouter(registry, '/api/users', 'users')
    .route({
      method: 'get',
      path: '/',
      summary: 'Users, paginated, with search, filters (status, agreement status, group) and sort',
      access: ['USER_LIST_ADMIN'],
      query: userListQuerySchema,
      response: userPageSchema,
      handler: ({ query, req }) => {
        const key = JSON.stringify([
          query.page,
          query.pageSize,
          query.search ?? '',
          query.sort,
          query.order,
          query.status,
          query.agreementStatus,
          query.groupId ?? null,
        ]);
        return cache.get(key, async () => prepareJson(req.app, await service.list(query)));
      },
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create an account; it receives an e-mail to set its password',
      access: EDITORS,
      body: userInputSchema,
      response: userDetailSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One user with every field (the API key only by its last characters)',
      access: READERS,
      params: idParamsSchema,
      response: userDetailSchema,
      handler: ({ params }) => service.get(params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a user: profile, groups, external identifiers, status, agreement override',
      access: EDITORS,
      params: idParamsSchema,
      body: userInputSchema,
      response: userDetailSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'post',
      path: '/:id/api-key',
      summary: 'Generate or regenerate the API key; the answer is the only time it is shown in the back office',
      access: EDITORS,
      params: idParamsSchema,
      status: 200,
      response: apiKeyResultSchema,
      handler: ({ user, params }) => service.regenerateApiKey(user, params.id),
    })
    .route({
      method: 'post',
      path: '/:id/unlock',
      summary: 'Lift the pause that failed sign-ins put on the account (docs/security.md, "Lockout")',
      access: EDITORS,
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.unlock(user, params.id),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete an account that owns no pilot, machine, mission or supervised account',
      access: EDITORS,
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    }).router;
}
