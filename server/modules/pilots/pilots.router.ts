import { idParamsSchema, pageOf, userIdParamsSchema, userRecordParamsSchema } from '../../../src/shared/contracts/common';
import {
  pilotCreateSchema,
  pilotDetailSchema,
  pilotListQuerySchema,
  pilotSummarySchema,
  pilotUpdateSchema,
} from '../../../src/shared/contracts/pilots';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { RecordScope } from '../users/record-owner';
import type { PilotsService } from './pilots.service';

const OWN: RecordScope = { kind: 'own' };

/** The operator's own pilots (a supervised pilot account reaches its operator's, within its rights). */
export function pilotsRouter(registry: ApiRegistry, service: PilotsService) {
  return new ApiRouter(registry, '/api/pilots', 'pilots')
    .route({
      method: 'get',
      path: '/',
      summary: "The operator's pilots, paginated; deleted=true lists deleted ones (PILOT_LIST_DELETED_ADMIN)",
      access: ['PILOT_LIST'],
      query: pilotListQuerySchema,
      response: pageOf(pilotSummarySchema),
      handler: ({ user, query }) => service.list(user, OWN, query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Declare a pilot with its documents',
      access: ['PILOT_EDIT'],
      body: pilotCreateSchema,
      response: pilotDetailSchema,
      handler: ({ user, body }) => service.create(user, OWN, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: "One of the operator's pilots (a supervised pilot account: its own); another operator's pilot is not found",
      access: ['PILOT_LIST', 'SUPERVISION_PILOT'],
      params: idParamsSchema,
      response: pilotDetailSchema,
      handler: ({ user, params }) => service.get(user, OWN, params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a pilot, documents included',
      access: ['PILOT_EDIT'],
      params: idParamsSchema,
      body: pilotUpdateSchema,
      response: pilotDetailSchema,
      handler: ({ user, params, body }) => service.update(user, OWN, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a pilot (soft: missions keep it, administrators can restore it)',
      access: ['PILOT_EDIT'],
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, OWN, params.id),
    })
    .route({
      method: 'post',
      path: '/:id/supervision',
      summary: "Create the pilot's supervised account and e-mail it a password-setting link",
      access: ['PILOT_EDIT'],
      params: idParamsSchema,
      response: pilotDetailSchema,
      handler: ({ user, params }) => service.enableSupervision(user, OWN, params.id),
    }).router;
}

/** An administrator acting on a user's pilots (back-office routes pilots/user/{userId}). */
export function userPilotsRouter(registry: ApiRegistry, service: PilotsService) {
  const scope = (params: { userId: string }): RecordScope => ({ kind: 'user', userId: params.userId });
  return new ApiRouter(registry, '/api/users/:userId/pilots', 'pilots')
    .route({
      method: 'get',
      path: '/',
      summary: "A user's pilots, paginated; deleted=true lists deleted ones (PILOT_LIST_DELETED_ADMIN)",
      access: ['USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      query: pilotListQuerySchema,
      response: pageOf(pilotSummarySchema),
      handler: ({ user, params, query }) => service.list(user, scope(params), query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Declare a pilot for a user',
      access: ['USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      body: pilotCreateSchema,
      response: pilotDetailSchema,
      handler: ({ user, params, body }) => service.create(user, scope(params), body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: "One of a user's pilots; a deleted one only with PILOT_LIST_DELETED_ADMIN",
      access: ['USER_EDIT_ADMIN'],
      params: userRecordParamsSchema,
      response: pilotDetailSchema,
      handler: ({ user, params }) => service.get(user, scope(params), params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: "Replace one of a user's pilots",
      access: ['USER_EDIT_ADMIN'],
      params: userRecordParamsSchema,
      body: pilotUpdateSchema,
      response: pilotDetailSchema,
      handler: ({ user, params, body }) => service.update(user, scope(params), params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: "Delete one of a user's pilots (soft)",
      access: ['USER_EDIT_ADMIN'],
      params: userRecordParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, scope(params), params.id),
    })
    .route({
      method: 'post',
      path: '/:id/restore',
      summary: "Restore one of a user's deleted pilots",
      access: ['PILOT_EDIT_DELETED_ADMIN'],
      params: userRecordParamsSchema,
      response: pilotDetailSchema,
      status: 200,
      handler: ({ user, params }) => service.restore(user, params.userId, params.id),
    }).router;
}
