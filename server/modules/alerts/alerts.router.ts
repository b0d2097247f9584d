import { z } from 'zod';
import {
  alertAroundSchema,
  alertsAroundQuerySchema,
  alertCreateSchema,
  alertDetailSchema,
  alertListQuerySchema,
  alertSummarySchema,
  violationListQuerySchema,
  VIOLATION_EXPORT_MAX,
  violationSchema,
  VIOLATION_TRACK_MAX,
  violationTrackSchema,
} from '../../../src/shared/contracts/alerts';
import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { ViolationNotices } from '../traffic/violation-notices';
import type { AlertsService } from './alerts.service';

export function alertsRouter(registry: ApiRegistry, service: AlertsService) {
  return new ApiRouter(registry, '/api/alerts', 'alerts')
    .route({
      method: 'get',
      path: '/',
      summary: 'Alerts, paginated, with the number of violations each holds',
      access: ['ALERT_LIST_ADMIN'],
      query: alertListQuerySchema,
      response: pageOf(alertSummarySchema),
      handler: ({ query }) => service.list(query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create an alert (geometry imported from GeoJSON or KML, or drawn)',
      access: ['ALERT_EDIT_ADMIN'],
      body: alertCreateSchema,
      response: alertDetailSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'get',
      path: '/around',
      summary: "The displayed alerts whose extent meets the box (those for linked users only when the caller is one): a pilot's map",
      access: 'signedIn',
      query: alertsAroundQuerySchema,
      response: z.array(alertAroundSchema),
      handler: ({ user, query }) => service.around(user, query.bbox),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One alert with its geometry and linked users',
      access: ['ALERT_LIST_ADMIN'],
      params: idParamsSchema,
      response: alertDetailSchema,
      handler: ({ params }) => service.get(params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace an alert',
      access: ['ALERT_EDIT_ADMIN'],
      params: idParamsSchema,
      body: alertCreateSchema,
      response: alertDetailSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete an alert and its violations (spec domain §5)',
      access: ['ALERT_EDIT_ADMIN'],
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    }).router;
}

/** On-screen notices of his airspaces' flights for a manager (PREFLIGHTPROCEDURE_LIST) and administrators. */
const NOTICE_READERS = ['VIOLATION_LIST_ADMIN', 'PREFLIGHTPROCEDURE_LIST'] as const;

export function violationsRouter(registry: ApiRegistry, service: AlertsService, notices: ViolationNotices) {
  return new ApiRouter(registry, '/api/violations', 'alerts')
    .route({
      method: 'get',
      path: '/',
      summary:
        "Violation episodes (alerts and flight conformance), newest first, filtered; all with VIOLATION_LIST_ADMIN, a manager's airspaces' flights, else the own flights",
      access: 'signedIn',
      query: violationListQuerySchema,
      response: pageOf(violationSchema),
      handler: ({ user, query }) => service.violations(user, query),
    })
    .route({
      method: 'get',
      path: '/csv',
      summary: `The same filtered violations as CSV (text/csv), one line per episode, at most ${VIOLATION_EXPORT_MAX}`,
      access: 'signedIn',
      query: violationListQuerySchema,
      fileMediaTypes: ['text/csv'],
      handler: async ({ user, query, res }) => {
        const csv = await service.violationsCsv(user, query);
        res.attachment('violations.csv').type('text/csv; charset=utf-8');
        res.setHeader('Cache-Control', 'private, no-store');
        res.status(200).send(`${csv}\r\n`);
      },
    })
    .route({
      method: 'get',
      path: '/notices',
      summary:
        "Server-Sent Events: one `violation` event when a flight in one of the caller's airspaces starts an episode (on-screen notice), heartbeat comments; ends when the token expires",
      access: NOTICE_READERS,
      handler: ({ user, res }) => notices.connect(user, res),
    })
    .route({
      method: 'get',
      path: '/:id/track',
      summary: `One episode's positions (the first ${VIOLATION_TRACK_MAX}) and the area it is about, for its map; 404 as for the episode`,
      access: 'signedIn',
      params: idParamsSchema,
      response: violationTrackSchema,
      handler: ({ user, params }) => service.violationTrack(user, params.id),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: "One violation episode (404 when the reader may not see it: not in a manager's airspaces, not his own flight)",
      access: 'signedIn',
      params: idParamsSchema,
      response: violationSchema,
      handler: ({ user, params }) => service.violation(user, params.id),
    }).router;
}
