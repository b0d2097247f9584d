import { agreementRejectSchema, agreementSchema, agreementValidateSchema } from '../../../src/shared/contracts/agreements';
import { userIdParamsSchema } from '../../../src/shared/contracts/common';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { AgreementsService } from './agreements.service';

/** The operator's own agreement (a supervised account with SUPERVISION_ACCOUNT_EDIT reaches its operator's). */
export function agreementRouter(registry: ApiRegistry, service: AgreementsService) {
  return new ApiRouter(registry, '/api/agreement', 'agreements')
    .route({
      method: 'get',
      path: '/',
      summary: 'My agreement: status, expiry, checklist of spec domain §5, operator documents, history',
      access: 'signedIn',
      response: agreementSchema,
      handler: ({ user }) => service.mine(user),
    })
    .route({
      method: 'post',
      path: '/request',
      summary: 'Ask for validation (notValidated, rejected, expired → toBeValidated); the checklist must be complete',
      access: 'signedIn',
      response: agreementSchema,
      status: 200,
      handler: ({ user }) => service.operatorAction(user, 'request'),
    })
    .route({
      method: 'post',
      path: '/renew',
      summary: 'Ask for renewal of a nearly expired agreement (→ renewValidation); the checklist must be complete',
      access: 'signedIn',
      response: agreementSchema,
      status: 200,
      handler: ({ user }) => service.operatorAction(user, 'renew'),
    }).router;
}

/** Administrators deciding on a user's agreement. */
export function agreementsAdminRouter(registry: ApiRegistry, service: AgreementsService) {
  return new ApiRouter(registry, '/api/agreements/:userId', 'agreements')
    .route({
      method: 'get',
      path: '/',
      summary: "A user's agreement with its checklist, documents and history",
      access: ['USER_LIST_ADMIN', 'USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      response: agreementSchema,
      handler: ({ params }) => service.ofUser(params.userId),
    })
    .route({
      method: 'post',
      path: '/validate',
      summary: 'Validate (toBeValidated, updated, renewValidation → validated) until expiresAt, one year by default; checklist complete',
      access: ['USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      body: agreementValidateSchema,
      response: agreementSchema,
      status: 200,
      handler: ({ user, params, body }) => service.validate(user, params.userId, body),
    })
    .route({
      method: 'post',
      path: '/reject',
      summary: 'Reject with a reason (toBeValidated, updated, renewValidation → rejected); the reason becomes the adminMessage',
      access: ['USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      body: agreementRejectSchema,
      response: agreementSchema,
      status: 200,
      handler: ({ user, params, body }) => service.reject(user, params.userId, body.reason),
    })
    .route({
      method: 'post',
      path: '/exempt',
      summary: 'Mark the account as needing no agreement (→ noNeedAgreement)',
      access: ['USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      response: agreementSchema,
      status: 200,
      handler: ({ user, params }) => service.adminAction(user, params.userId, 'exempt'),
    })
    .route({
      method: 'post',
      path: '/require',
      summary: 'Require an agreement again (noNeedAgreement → notValidated)',
      access: ['USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      response: agreementSchema,
      status: 200,
      handler: ({ user, params }) => service.adminAction(user, params.userId, 'require'),
    }).router;
}
