import {
  accountSchema,
  accountUpdateSchema,
  changeEmailBodySchema,
  messageResultSchema,
  parentAccountUpdateSchema,
} from '../../../src/shared/contracts/auth';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { AgreementsService } from '../agreements/agreements.service';
import type { AccountProfile } from '../auth/account-profile';
import type { RecordOwners } from '../users/record-owner';

export function accountRouter(
  registry: ApiRegistry,
  profile: AccountProfile,
  agreements: Pick<AgreementsService, 'companyInfo' | 'companyInfoSaved'>,
  owners: RecordOwners,
) {
  /** The operator account a supervised pilot works for; a user who works for nobody has none. */
  const parentOf = async (user: AuthUser) => {
    const parentId = await owners.ownerId(user, { kind: 'own' });
    if (parentId === user.id) throw new AppError('NOT_FOUND', 'No parent account');
    return parentId;
  };
  return new ApiRouter(registry, '/api/account', 'account')
    .route({
      method: 'get',
      path: '/',
      summary: 'The signed-in user and their profile',
      access: 'signedIn',
      response: accountSchema,
      handler: ({ user }) => profile.account(user.id),
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
        await profile.updateAccount(user.id, body);
        await agreements.companyInfoSaved(user.id, before, user.id);
        return profile.account(user.id);
      },
    })
    .route({
      method: 'get',
      path: '/parent',
      summary: 'The operator account a supervised pilot reaches: its profile and company information',
      access: ['SUPERVISION_ACCOUNT_EDIT'],
      response: accountSchema,
      handler: async ({ user }) => profile.account(await parentOf(user)),
    })
    .route({
      method: 'patch',
      path: '/parent',
      summary: "Update the parent account's company information and phone; a change asks a running agreement for revalidation",
      access: ['SUPERVISION_ACCOUNT_EDIT'],
      body: parentAccountUpdateSchema,
      response: accountSchema,
      handler: async ({ user, body }) => {
        const parentId = await parentOf(user);
        const before = await agreements.companyInfo(parentId);
        await profile.updateAccount(parentId, body);
        await agreements.companyInfoSaved(parentId, before, user.id);
        return profile.account(parentId);
      },
    })
    .route({
      method: 'post',
      path: '/email',
      summary: 'Ask to change the e-mail address: a confirmation link is sent to the new address',
      access: 'signedIn',
      body: changeEmailBodySchema,
      response: messageResultSchema,
      status: 202,
      handler: ({ user, body }) => profile.requestEmailChange(user.id, body),
    }).router;
}
