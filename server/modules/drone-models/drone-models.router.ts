import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import {
  droneModelCreateSchema,
  droneModelDetailSchema,
  droneModelListQuerySchema,
  droneModelSummarySchema,
  droneModelUpdateSchema,
} from '../../../src/shared/contracts/drone-models';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { DroneModelsService } from './drone-models.service';

// Personal models are declared by operators, who hold MACHINE_EDIT; the shared catalogue needs DRONEMODEL_EDIT_ADMIN.
const EDITORS = ['MACHINE_EDIT', 'DRONEMODEL_EDIT_ADMIN'] as const;

export function droneModelsRouter(registry: ApiRegistry, service: DroneModelsService) {
  return new ApiRouter(registry, '/api/drone-models', 'drone-models')
    .route({
      method: 'get',
      path: '/',
      summary: 'Drone models: the shared catalogue and your personal models (every model with DRONEMODEL_LIST_ADMIN)',
      access: 'signedIn',
      query: droneModelListQuerySchema,
      response: pageOf(droneModelSummarySchema),
      handler: ({ user, query }) => service.list(user, query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Add a drone model: personal for its owner, shared with DRONEMODEL_EDIT_ADMIN',
      access: EDITORS,
      body: droneModelCreateSchema,
      response: droneModelDetailSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: "One drone model; someone else's personal model is not found",
      access: 'signedIn',
      params: idParamsSchema,
      response: droneModelDetailSchema,
      handler: ({ user, params }) => service.get(user, params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a drone model: your personal one, or a shared one with DRONEMODEL_EDIT_ADMIN',
      access: EDITORS,
      params: idParamsSchema,
      body: droneModelUpdateSchema,
      response: droneModelDetailSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a drone model (soft: machines keep it)',
      access: EDITORS,
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    }).router;
}
