import {
  operatorCommandResultSchema,
  pushKeySchema,
  pushSubscribeSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../../src/shared/contracts/push';
import { operatorCommandSchema } from '../../../src/shared/contracts/traffic';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { PushService } from './push.service';

export function pushRouter(registry: ApiRegistry, service: PushService) {
  return new ApiRouter(registry, '/api/push', 'push')
    .route({
      method: 'get',
      path: '/key',
      summary: 'The VAPID public key browsers subscribe to push messages with',
      access: 'signedIn',
      response: pushKeySchema,
      handler: () => service.publicKey(),
    })
    .route({
      method: 'post',
      path: '/subscriptions',
      summary: "Register the browser's push subscription as a terminal of the signed-in user",
      access: 'signedIn',
      body: pushSubscribeSchema,
      response: pushSubscriptionSchema,
      handler: ({ user, body }) => service.subscribe(user, body),
    })
    .route({
      method: 'delete',
      path: '/subscriptions',
      summary: "Forget the signed-in user's push subscription of this endpoint",
      access: 'signedIn',
      body: pushUnsubscribeSchema,
      status: 204,
      handler: ({ user, body }) => service.unsubscribe(user, body.endpoint),
    }).router;
}

export function commandsRouter(registry: ApiRegistry, service: PushService) {
  return new ApiRouter(registry, '/api/traffics', 'traffic').route({
    method: 'post',
    path: '/commands',
    summary:
      "Send a message to the operator of a flying mission (an administrator, or a manager of an airspace it was filed to): by push to the operator's registered terminals, else by SMS to his phone on file, else by e-mail",
    access: ['COMMAND_EDIT_ADMIN', 'PREFLIGHTPROCEDURE_LIST'],
    body: operatorCommandSchema,
    response: operatorCommandResultSchema,
    status: 200,
    handler: ({ user, body }) => service.command(user, body),
  }).router;
}
