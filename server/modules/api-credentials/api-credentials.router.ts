import { idParamsSchema } from '../../../src/shared/contracts/common';
import { apiCredentialCreatedSchema, apiCredentialCreateSchema, apiCredentialSchema } from '../../../src/shared/contracts/webhooks';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { ApiCredentials } from './api-credentials.service';
import { sessionOnly } from './credential-auth';

export function apiCredentialsRouter(registry: ApiRegistry, credentials: ApiCredentials) {
  return new ApiRouter(registry, '/api/credentials', 'credentials')
    .route({
      method: 'get',
      path: '/',
      summary: "The signed-in user's API credentials (never the credentials themselves)",
      access: 'signedIn',
      response: apiCredentialSchema.array(),
      handler: ({ user }) => credentials.list(user),
    })
    .route({
      method: 'post',
      path: '/',
      summary:
        'Create a personal API credential (agk_…), shown once: send it as `Authorization: Bearer <credential>`. ' +
        'Scope `read` allows GET requests only; `write` every request its owner may make. It ends when revoked or when the account is deactivated or deleted.',
      access: 'signedIn',
      before: [sessionOnly],
      body: apiCredentialCreateSchema,
      response: apiCredentialCreatedSchema,
      handler: ({ user, body }) => credentials.create(user, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Revoke an API credential: refused from the next request on',
      access: 'signedIn',
      before: [sessionOnly],
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => credentials.revoke(user, params.id),
    }).router;
}
