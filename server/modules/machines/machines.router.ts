import { idParamsSchema, pageOf, userIdParamsSchema, userRecordParamsSchema } from '../../../src/shared/contracts/common';
import {
  machineCreateSchema,
  machineDetailSchema,
  machineListQuerySchema,
  machineSummarySchema,
  machineUpdateSchema,
} from '../../../src/shared/contracts/machines';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { RecordScope } from '../users/record-owner';
import type { MachinesService } from './machines.service';

const OWN: RecordScope = { kind: 'own' };

/** The operator's own machines (a supervised pilot account reaches its operator's, within its rights). */
export function machinesRouter(registry: ApiRegistry, service: MachinesService) {
  return new ApiRouter(registry, '/api/machines', 'machines')
    .route({
      method: 'get',
      path: '/',
      summary: "The operator's machines, paginated; deleted=true lists deleted ones (MACHINE_LIST_DELETED_ADMIN)",
      access: ['MACHINE_LIST'],
      query: machineListQuerySchema,
      response: pageOf(machineSummarySchema),
      handler: ({ user, query }) => service.list(user, OWN, query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Declare a machine',
      access: ['MACHINE_EDIT'],
      body: machineCreateSchema,
      response: machineDetailSchema,
      handler: ({ user, body }) => service.create(user, OWN, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: "One of the operator's machines; another operator's machine is not found",
      access: ['MACHINE_LIST'],
      params: idParamsSchema,
      response: machineDetailSchema,
      handler: ({ user, params }) => service.get(user, OWN, params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a machine',
      access: ['MACHINE_EDIT'],
      params: idParamsSchema,
      body: machineUpdateSchema,
      response: machineDetailSchema,
      handler: ({ user, params, body }) => service.update(user, OWN, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a machine (soft: missions keep it, administrators can restore it)',
      access: ['MACHINE_EDIT'],
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, OWN, params.id),
    }).router;
}

/** An administrator acting on a user's machines (back-office routes machines/user/{userId}). */
export function userMachinesRouter(registry: ApiRegistry, service: MachinesService) {
  const scope = (params: { userId: string }): RecordScope => ({ kind: 'user', userId: params.userId });
  return new ApiRouter(registry, '/api/users/:userId/machines', 'machines')
    .route({
      method: 'get',
      path: '/',
      summary: "A user's machines, paginated; deleted=true lists deleted ones (MACHINE_LIST_DELETED_ADMIN)",
      access: ['USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      query: machineListQuerySchema,
      response: pageOf(machineSummarySchema),
      handler: ({ user, params, query }) => service.list(user, scope(params), query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Declare a machine for a user',
      access: ['USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      body: machineCreateSchema,
      response: machineDetailSchema,
      handler: ({ user, params, body }) => service.create(user, scope(params), body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: "One of a user's machines; a deleted one only with MACHINE_LIST_DELETED_ADMIN",
      access: ['USER_EDIT_ADMIN'],
      params: userRecordParamsSchema,
      response: machineDetailSchema,
      handler: ({ user, params }) => service.get(user, scope(params), params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: "Replace one of a user's machines",
      access: ['USER_EDIT_ADMIN'],
      params: userRecordParamsSchema,
      body: machineUpdateSchema,
      response: machineDetailSchema,
      handler: ({ user, params, body }) => service.update(user, scope(params), params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: "Delete one of a user's machines (soft)",
      access: ['USER_EDIT_ADMIN'],
      params: userRecordParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, scope(params), params.id),
    })
    .route({
      method: 'post',
      path: '/:id/restore',
      summary: "Restore one of a user's deleted machines",
      access: ['MACHINE_EDIT_DELETED_ADMIN'],
      params: userRecordParamsSchema,
      response: machineDetailSchema,
      status: 200,
      handler: ({ user, params }) => service.restore(user, params.userId, params.id),
    }).router;
}
