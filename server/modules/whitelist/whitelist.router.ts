import { pageOf } from '../../../src/shared/contracts/common';
import {
  machineIdParamsSchema,
  whitelistAddSchema,
  whitelistListQuerySchema,
  whitelistMachineSchema,
} from '../../../src/shared/contracts/whitelist';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { WhitelistService } from './whitelist.service';

/** Spec shell §6: USER_EDIT_ADMIN holds the whitelist machine screen. */
export function whitelistRouter(registry: ApiRegistry, service: WhitelistService) {
  return new ApiRouter(registry, '/api/whitelist/machines', 'whitelist')
    .route({
      method: 'get',
      path: '/',
      summary: "Every operator's current machines with their whitelist flag; whitelisted=true|false filters",
      access: ['USER_EDIT_ADMIN'],
      query: whitelistListQuerySchema,
      response: pageOf(whitelistMachineSchema),
      handler: ({ query }) => service.list(query),
    })
    .route({
      method: 'put',
      path: '/:machineId',
      summary: 'Whitelist a machine (idempotent; the note is replaced)',
      access: ['USER_EDIT_ADMIN'],
      params: machineIdParamsSchema,
      body: whitelistAddSchema,
      status: 204,
      handler: ({ user, params, body }) => service.add(user, params.machineId, body.note ?? null),
    })
    .route({
      method: 'delete',
      path: '/:machineId',
      summary: 'Take a machine off the whitelist',
      access: ['USER_EDIT_ADMIN'],
      params: machineIdParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.machineId),
    }).router;
}
