import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import { deviceListQuerySchema, deviceRegisterSchema, deviceSchema } from '../../../src/shared/contracts/devices';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { DevicesService } from './devices.service';

export function devicesRouter(registry: ApiRegistry, service: DevicesService) {
  return new ApiRouter(registry, '/api/devices', 'devices')
    .route({
      method: 'get',
      path: '/',
      summary: 'Registered terminals: the own ones; every one with USER_LIST_ADMIN or USER_EDIT_ADMIN',
      access: 'signedIn',
      query: deviceListQuerySchema,
      response: pageOf(deviceSchema),
      handler: ({ user, query }) => service.list(user, query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: "Register the signed-in user's terminal (mobile application identifier)",
      access: 'signedIn',
      body: deviceRegisterSchema,
      response: deviceSchema,
      handler: ({ user, body }) => service.register(user, body.appIdentifier),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Change a terminal’s identifier: an own one, or any with USER_EDIT_ADMIN; another user’s answers 404',
      access: 'signedIn',
      params: idParamsSchema,
      body: deviceRegisterSchema,
      response: deviceSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body.appIdentifier),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Forget a terminal: an own one, or any with USER_EDIT_ADMIN; another user’s answers 404',
      access: 'signedIn',
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    }).router;
}
