import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import { trackerCreateSchema, trackerListQuerySchema, trackerSchema } from '../../../src/shared/contracts/trackers';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { TrackersService } from './trackers.service';

export function trackersRouter(registry: ApiRegistry, service: TrackersService) {
  return new ApiRouter(registry, '/api/trackers', 'trackers')
    .route({
      method: 'get',
      path: '/',
      summary: 'Trackers, paginated, filtered by vehicle, source and recording',
      access: ['TRACKER_LIST_ADMIN'],
      query: trackerListQuerySchema,
      response: pageOf(trackerSchema),
      handler: ({ query }) => service.list(query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Declare a tracker; an ident already used answers TRACKER_ALREADY_EXISTS',
      access: ['TRACKER_EDIT_ADMIN'],
      body: trackerCreateSchema,
      response: trackerSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One tracker',
      access: ['TRACKER_LIST_ADMIN'],
      params: idParamsSchema,
      response: trackerSchema,
      handler: ({ params }) => service.get(params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a tracker',
      access: ['TRACKER_EDIT_ADMIN'],
      params: idParamsSchema,
      body: trackerCreateSchema,
      response: trackerSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a tracker',
      access: ['TRACKER_EDIT_ADMIN'],
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    }).router;
}
