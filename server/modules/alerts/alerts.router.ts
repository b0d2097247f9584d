import {
  alertCreateSchema,
  alertDetailSchema,
  alertListQuerySchema,
  alertSummarySchema,
  violationListQuerySchema,
  violationSchema,
} from '../../../src/shared/contracts/alerts';
import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
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

export function violationsRouter(registry: ApiRegistry, service: AlertsService) {
  return new ApiRouter(registry, '/api/violations', 'alerts').route({
    method: 'get',
    path: '/',
    summary:
      'Violation episodes (alerts and flight conformance), newest first, filtered; all with VIOLATION_LIST_ADMIN, else those of the own flights',
    access: 'signedIn',
    query: violationListQuerySchema,
    response: pageOf(violationSchema),
    handler: ({ user, query }) => service.violations(user, query),
  }).router;
}
