import {
  airspaceLiveQuerySchema,
  airspaceLiveSchema,
  liveFlightCardSchema,
  liveSmsSchema,
} from '../../../src/shared/contracts/airspace-live';
import { idParamsSchema } from '../../../src/shared/contracts/common';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { AirspaceLiveService } from './airspace-live.service';

const WATCHERS = ['PREFLIGHTPROCEDURE_LIST', 'TRAFFIC_LIST_ADMIN'] as const;

/** "My airspace, live": what the manager's live map draws under the traffic, and the card of a flight. */
export function airspaceLiveRouter(registry: ApiRegistry, service: AirspaceLiveService) {
  return new ApiRouter(registry, '/api/airspace-live', 'airspaces')
    .route({
      method: 'get',
      path: '/',
      summary: "The outline of the manager's airspaces (or the one named; an administrator names it) and today's granted volumes in them",
      access: WATCHERS,
      query: airspaceLiveQuerySchema,
      response: airspaceLiveSchema,
      handler: ({ user, query }) => service.overview(user, query),
    })
    .route({
      method: 'get',
      path: '/missions/:id',
      summary: 'The card of a flight filed to an airspace the caller manages: operator, pilots, machines, requests, granted limits',
      access: WATCHERS,
      params: idParamsSchema,
      response: liveFlightCardSchema,
      handler: ({ user, params }) => service.card(user, params.id),
    })
    .route({
      method: 'post',
      path: '/missions/:id/sms',
      summary: "A text message to the flight's pilot or operator through the SMS transport",
      access: ['SEND_SMS'],
      params: idParamsSchema,
      body: liveSmsSchema,
      status: 204,
      handler: async ({ user, params, body }) => {
        await service.sms(user, params.id, body);
      },
    }).router;
}
