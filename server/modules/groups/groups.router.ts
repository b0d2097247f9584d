import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import { groupDetailSchema, groupInputSchema, groupListQuerySchema, groupSummarySchema } from '../../../src/shared/contracts/groups';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { GroupsService } from './groups.service';

const READERS = ['GROUP_LIST_ADMIN', 'GROUP_EDIT_ADMIN'] as const;
const EDITORS = ['GROUP_EDIT_ADMIN'] as const;

export function groupsRouter(registry: ApiRegistry, service: GroupsService) {
  return new ApiRouter(registry, '/api/groups', 'groups')
    .route({
      method: 'get',
      path: '/',
      summary: 'Groups, paginated, with search, filters (kind, level) and sort',
      access: READERS,
      query: groupListQuerySchema,
      response: pageOf(groupSummarySchema),
      handler: ({ query }) => service.list(query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create a normal group with at least one right',
      access: EDITORS,
      body: groupInputSchema,
      response: groupDetailSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One group with its members',
      access: READERS,
      params: idParamsSchema,
      response: groupDetailSchema,
      handler: ({ params }) => service.get(params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a group: name (not of a system group), rights, level, members',
      access: EDITORS,
      params: idParamsSchema,
      body: groupInputSchema,
      response: groupDetailSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a normal group without members',
      access: EDITORS,
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    }).router;
}
