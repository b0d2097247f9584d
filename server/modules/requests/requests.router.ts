import { z } from 'zod';
import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import {
  requestActionBodySchema,
  requestActionParamsSchema,
  requestCreateSchema,
  requestDetailSchema,
  requestFiledSchema,
  requestListQuerySchema,
  requestMessageCreateSchema,
  requestSmsSchema,
  requestSummarySchema,
  touchedAirspaceSchema,
  volumesInViewQuerySchema,
  volumesInViewSchema,
} from '../../../src/shared/contracts/requests';
import { ApiRouter } from '../../lib/api-router';
import { returnPreference } from '../../lib/prefer';
import type { ApiRegistry } from '../../openapi';
import type { DecideRequest } from './decide-request';
import type { FileRequest } from './file-request';
import type { RequestChat } from './request-chat';
import type { RequestQueries } from './requests.queries';

const READ = ['PREFLIGHTPROCEDURE_LIST', 'PREFLIGHT_LIST'] as const;

/**
 * Permission requests ("procedures"): operators file and follow their own with PREFLIGHT_LIST/EDIT; managers decide
 * those of the airspaces they manage with PREFLIGHTPROCEDURE_LIST/EDIT (docs/requests.md).
 */
export function requestsRouter(
  registry: ApiRegistry,
  useCases: { queries: RequestQueries; fileRequest: FileRequest; decideRequest: DecideRequest; chat: RequestChat },
) {
  const { queries, fileRequest, decideRequest, chat } = useCases;
  return new ApiRouter(registry, '/api/procedures', 'requests')
    .route({
      method: 'get',
      path: '/',
      summary: "A manager's requests (airspaces they manage) or an operator's own, filtered, searched and paginated",
      access: READ,
      query: requestListQuerySchema,
      response: pageOf(requestSummarySchema),
      handler: ({ user, query }) => queries.list(user, query),
    })
    .route({
      method: 'get',
      path: '/airspaces',
      summary: "The airspaces the mission's areas touch, with their general conditions and any request still under analysis",
      access: ['PREFLIGHT_EDIT'],
      query: z.object({ missionId: z.uuid('validation:invalid') }),
      response: z.array(touchedAirspaceSchema),
      handler: ({ user, query }) => queries.touchedAirspaces(user, query.missionId),
    })
    .route({
      method: 'post',
      path: '/',
      summary:
        "File a mission to an airspace it touches, after accepting its general conditions; the airspace's limits are checked. Answers the request's detail, or with `Prefer: return=minimal` the filing's outcome alone (its summary and the automatic answer); `Location` names the detail",
      access: ['PREFLIGHT_EDIT'],
      body: requestCreateSchema,
      response: z.union([requestDetailSchema, requestFiledSchema]),
      handler: async ({ user, body, req, res }) => {
        const minimal = returnPreference(req) === 'minimal';
        const filed = await fileRequest(user, body, minimal ? 'outcome' : 'detail');
        res.location(`/api/procedures/${filed.id}`);
        if (minimal) res.setHeader('Preference-Applied', 'return=minimal');
        return filed;
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One request with its history, chat, mission sheet and space information',
      access: READ,
      params: idParamsSchema,
      response: requestDetailSchema,
      handler: ({ user, params }) => queries.get(user, params.id),
    })
    .route({
      method: 'post',
      path: '/:id/actions/:action',
      summary: "A manager's action: accept, acceptWithRestrictions, reject (reason), askInformation, cancelDecision, archive",
      access: ['PREFLIGHTPROCEDURE_EDIT'],
      params: requestActionParamsSchema,
      body: requestActionBodySchema,
      response: requestDetailSchema,
      status: 200,
      handler: ({ user, params, body }) => decideRequest(user, params.id, params.action, body),
    })
    .route({
      method: 'post',
      path: '/:id/messages',
      summary: 'A chat message to the other side, who is e-mailed; the operator answering a request awaiting information',
      access: ['PREFLIGHTPROCEDURE_EDIT', 'PREFLIGHT_EDIT'],
      params: idParamsSchema,
      body: requestMessageCreateSchema,
      response: requestDetailSchema,
      handler: ({ user, params, body }) => chat.postMessage(user, params.id, body.body),
    })
    .route({
      method: 'post',
      path: '/:id/sms',
      summary: "A text message to the operator's registered phone",
      access: ['SEND_SMS'],
      params: idParamsSchema,
      body: requestSmsSchema,
      status: 204,
      handler: ({ user, params, body }) => chat.sendSms(user, params.id, body.body),
    }).router;
}

/** The map's "Deconfliction" layer group (docs/map.md): other missions' granted volumes active at the map's time. */
export function deconflictionRouter(registry: ApiRegistry, queries: RequestQueries) {
  return new ApiRouter(registry, '/api/deconfliction', 'requests').route({
    method: 'get',
    path: '/volumes',
    summary:
      "Accepted or pending requests' granted 4D volumes active at `at` in the box: a manager's airspaces', an operator's every airspace's (other operators' titles left out)",
    access: [...READ, 'AIRSPACE_LIST_ADMIN'],
    query: volumesInViewQuerySchema,
    response: volumesInViewSchema,
    handler: ({ user, query }) => queries.volumesInView(user, query),
  }).router;
}
