import { accountSchema, accountUpdateSchema, changeEmailRequestSchema, messageResponseSchema } from '../../../src/shared/contracts/auth';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { AgreementsService } from '../agreements/agreements.service';
import type { AuthService } from '../auth/auth.service';

export function accountRouter(
  registry: ApiRegistry,
  service: AuthService,
  agreements: Pick<AgreementsService, 'companyInfo' | 'companyInfoSaved'>,
) {
  return new ApiRouter(registry, '/api/account', 'account')
    .route({
      method: 'get',
      path: '/',
      summary: 'The signed-in user and their profile',
      access: 'signedIn',
      response: accountSchema,
      handler: ({ user }) => service.account(user.id),
    })
    .route({
      method: 'patch',
      path: '/',
      summary: 'Update the signed-in user profile; a change of company information asks a running agreement for revalidation',
      access: 'signedIn',
      body: accountUpdateSchema,
      response: accountSchema,
      handler: async ({ user, body }) => {
        const before = await agreements.companyInfo(user.id);
        await service.updateAccount(user.id, body);
        await agreements.companyInfoSaved(user.id, before, user.id);
        return service.account(user.id);
      },
    })
    .route({
      method: 'post',
      path: '/email',
      summary: 'Ask to change the e-mail address: a confirmation link is sent to the new address',
      access: 'signedIn',
      body: changeEmailRequestSchema,
      response: messageResponseSchema,
      status: 202,
      handler: ({ user, body }) => service.requestEmailChange(user.id, body),
    }).router;
}
