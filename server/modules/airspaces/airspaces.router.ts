import { z } from 'zod';
import {
  airspaceDetailSchema,
  airspaceInputSchema,
  airspaceListQuerySchema,
  airspaceManagerSchema,
  airspaceSummarySchema,
  managerCandidatesQuerySchema,
  myAirspaceInputSchema,
} from '../../../src/shared/contracts/airspaces';
import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { AirspacesService } from './airspaces.service';

const READERS = ['AIRSPACE_LIST_ADMIN', 'AIRSPACE_EDIT_ADMIN'] as const;
const EDITORS = ['AIRSPACE_EDIT_ADMIN'] as const;

export function airspacesRouter(registry: ApiRegistry, service: AirspacesService) {
  // The fixed paths come before /:id, which would otherwise take "mine" for an id.
  return new ApiRouter(registry, '/api/airspaces', 'airspaces')
    .route({
      method: 'get',
      path: '/mine',
      summary: 'The airspaces the signed-in manager manages',
      access: ['PREFLIGHTPROCEDURE_LIST'],
      response: z.array(airspaceDetailSchema),
      handler: ({ user }) => service.mine(user),
    })
    .route({
      method: 'put',
      path: '/mine/:id',
      summary: "A manager edits its airspace's conditions, news, contacts, limits and activation settings; another's is not found",
      access: ['PREFLIGHTPROCEDURE_EDIT'],
      params: idParamsSchema,
      body: myAirspaceInputSchema,
      response: airspaceDetailSchema,
      handler: ({ user, params, body }) => service.updateMine(user, params.id, body),
    })
    .route({
      method: 'get',
      path: '/manager-candidates',
      summary: 'Users who may manage an airspace (their groups hold PREFLIGHTPROCEDURE_LIST), at most 50',
      access: EDITORS,
      query: managerCandidatesQuerySchema,
      response: z.array(airspaceManagerSchema),
      handler: ({ query }) => service.managerCandidates(query.search),
    })
    .route({
      method: 'get',
      path: '/',
      summary: 'Airspaces, paginated, with search, filters and sort',
      access: READERS,
      query: airspaceListQuerySchema,
      response: pageOf(airspaceSummarySchema),
      handler: ({ query }) => service.list(query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create an airspace; its bounding box is computed from the geometry',
      access: EDITORS,
      body: airspaceInputSchema,
      response: airspaceDetailSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One airspace with its geometry and managers',
      access: READERS,
      params: idParamsSchema,
      response: airspaceDetailSchema,
      handler: ({ params }) => service.get(params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace an airspace, managers and geometry included',
      access: EDITORS,
      params: idParamsSchema,
      body: airspaceInputSchema,
      response: airspaceDetailSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete an airspace',
      access: EDITORS,
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    }).router;
}
