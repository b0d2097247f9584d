import { z } from 'zod';
import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import {
  flightEventBodySchema,
  takeoffBodySchema,
  missionActionBodySchema,
  missionActionParamsSchema,
  missionChoicesQuerySchema,
  missionChoicesSchema,
  missionCreateSchema,
  missionDetailSchema,
  missionExportQuerySchema,
  missionHistoryEntrySchema,
  missionListQuerySchema,
  missionRegulationQuerySchema,
  missionSummarySchema,
  missionUpdateSchema,
} from '../../../src/shared/contracts/missions';
import { missionVerdictSchema } from '../../../src/shared/contracts/regulation';
import { takeoffCheckSchema } from '../../../src/shared/contracts/takeoff-check';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import { exportMission } from './missions.export';
import type { MissionRegulation } from './missions.regulation';
import type { MissionsService } from './missions.service';

const READ = ['PREFLIGHT_LIST', 'PREFLIGHT_LIST_ADMIN'] as const;
const EDIT = ['PREFLIGHT_EDIT', 'PREFLIGHT_EDIT_ADMIN'] as const;

/** Missions (pre-flights): the operator's own with PREFLIGHT_LIST/EDIT, everyone's with the *_ADMIN rights. */
export function missionsRouter(registry: ApiRegistry, service: MissionsService, regulation: MissionRegulation) {
  return new ApiRouter(registry, '/api/preflights', 'missions')
    .route({
      method: 'get',
      path: '/',
      summary: "The operator's missions (everyone's with PREFLIGHT_LIST_ADMIN), filtered by status, date range and search, paginated",
      access: READ,
      query: missionListQuerySchema,
      response: pageOf(missionSummarySchema),
      handler: ({ user, query }) => service.list(user, query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create a mission; its status follows its completeness (draft, initiated, complete). Needs an agreement allowing missions',
      access: EDIT,
      body: missionCreateSchema,
      response: missionDetailSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'post',
      path: '/takeoff',
      summary:
        'Spec §7 take-off call by the operator or a pilot of the mission `preFlightId`, refused by a blocking item of the go/no-go check; its warnings need `reason`. Again while flying, it refreshes the last ping',
      access: EDIT,
      body: takeoffBodySchema,
      response: missionDetailSchema,
      status: 200,
      handler: ({ user, body }) => service.act(user, body.preFlightId, 'takeOff', body.reason),
    })
    .route({
      method: 'post',
      path: '/landing',
      summary: 'Spec §7 landing call by the operator or a pilot of the mission `preFlightId`: closes its flight',
      access: EDIT,
      body: flightEventBodySchema,
      response: missionDetailSchema,
      status: 200,
      handler: ({ user, body }) => service.act(user, body.preFlightId, 'land', null),
    })
    .route({
      method: 'get',
      path: '/choices',
      summary: "The pilots and machines a mission may name: its owner's (missionId), else the operator's",
      access: READ,
      query: missionChoicesQuerySchema,
      response: missionChoicesSchema,
      handler: ({ user, query }) => service.choices(user, query.missionId),
    })
    .route({
      method: 'get',
      path: '/:id/takeoff-check',
      summary: 'The go/no-go check before take-off: what blocks it, what asks for a reason, what could not be checked',
      access: EDIT,
      params: idParamsSchema,
      response: takeoffCheckSchema,
      handler: ({ user, params }) => service.takeoffCheck(user, params.id),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: "One mission; another operator's mission is not found",
      access: READ,
      params: idParamsSchema,
      response: missionDetailSchema,
      handler: ({ user, params }) => service.get(user, params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a mission in preparation (draft, initiated, complete)',
      access: EDIT,
      params: idParamsSchema,
      body: missionUpdateSchema,
      response: missionDetailSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a mission in preparation (draft, initiated, complete)',
      access: EDIT,
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    })
    .route({
      method: 'post',
      path: '/:id/actions/:action',
      summary: 'Apply an action of the status machine (docs/missions.md); duplicate answers the new draft copy',
      access: EDIT,
      params: missionActionParamsSchema,
      body: missionActionBodySchema,
      response: missionDetailSchema,
      status: 200,
      handler: ({ user, params, body }) => service.act(user, params.id, params.action, body.reason),
    })
    .route({
      method: 'get',
      path: '/:id/history',
      summary: 'Every status change of the mission, oldest first',
      access: READ,
      params: idParamsSchema,
      response: z.array(missionHistoryEntrySchema),
      handler: ({ user, params }) => service.history(user, params.id),
    })
    .route({
      method: 'get',
      path: '/:id/regulation',
      summary:
        'Classify the stored mission under the regulation of each country its area lies in (the top level: the country of the query, ' +
        'else the mission’s) and store the verdict; missing facts: 422 INSUFFICIENT_DATA; a country the area is not in: 422 COUNTRY_NOT_IN_AREA',
      access: READ,
      params: idParamsSchema,
      query: missionRegulationQuerySchema,
      response: missionVerdictSchema,
      handler: ({ user, params, query }) => regulation.classify(user, params.id, query.country),
    })
    .route({
      method: 'get',
      path: '/:id/export',
      summary: "The mission's areas and waypoints as GeoJSON, KML or a GPX route",
      access: READ,
      params: idParamsSchema,
      query: missionExportQuerySchema,
      handler: async ({ user, params, query, res }) => {
        const file = exportMission(await service.get(user, params.id), query.format);
        res.setHeader('Content-Type', file.contentType);
        res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
        res.send(file.body);
      },
    }).router;
}
