import { idParamsSchema } from '../../../src/shared/contracts/common';
import {
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointCreateSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
} from '../../../src/shared/contracts/webhooks';
import type { Right } from '../../../src/shared/domain/rights';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import { sessionOnly } from '../api-credentials/credential-auth';
import type { WebhooksService } from './webhooks.service';

/** Operators (their missions' events) and airspace managers (their airspaces' requests) register webhooks. */
export const WEBHOOK_RIGHTS: readonly Right[] = ['PREFLIGHT_LIST', 'PREFLIGHTPROCEDURE_LIST'];

export function webhooksRouter(registry: ApiRegistry, service: WebhooksService) {
  return new ApiRouter(registry, '/api/webhooks', 'webhooks')
    .route({
      method: 'get',
      path: '/endpoints',
      summary: "The signed-in user's webhook endpoints (their secrets are not shown again)",
      access: WEBHOOK_RIGHTS,
      response: webhookEndpointSchema.array(),
      handler: ({ user }) => service.endpoints(user),
    })
    .route({
      method: 'post',
      path: '/endpoints',
      summary:
        'Register a webhook endpoint (https, public host) for some events; the answer holds its signing secret (whsec_…), shown once. ' +
        'Deliveries are POSTed as JSON `{ type, timestamp, data }` with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (v1, HMAC-SHA256).',
      access: WEBHOOK_RIGHTS,
      before: [sessionOnly],
      body: webhookEndpointCreateSchema,
      response: webhookEndpointCreatedSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'patch',
      path: '/endpoints/:id',
      summary: 'Enable or disable a webhook endpoint, or change its events',
      access: WEBHOOK_RIGHTS,
      before: [sessionOnly],
      params: idParamsSchema,
      body: webhookEndpointUpdateSchema,
      response: webhookEndpointSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/endpoints/:id',
      summary: 'Delete a webhook endpoint and its deliveries',
      access: WEBHOOK_RIGHTS,
      before: [sessionOnly],
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    })
    .route({
      method: 'get',
      path: '/deliveries',
      summary: "The latest deliveries to the signed-in user's endpoints (one endpoint's with endpointId), with their outcome",
      access: WEBHOOK_RIGHTS,
      query: webhookDeliveryQuerySchema,
      response: webhookDeliverySchema.array(),
      handler: ({ user, query }) => service.deliveries(user, query.endpointId),
    })
    .route({
      method: 'post',
      path: '/deliveries/:id/resend',
      summary: 'Send a delivery again, from its first attempt, with the same webhook-id',
      access: WEBHOOK_RIGHTS,
      params: idParamsSchema,
      response: webhookDeliverySchema,
      status: 200,
      handler: ({ user, params }) => service.resend(user, params.id),
    }).router;
}
