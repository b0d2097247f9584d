import type { RequestHandler } from 'express';
import {
  changePasswordBodySchema,
  forgottenPasswordBodySchema,
  loginBodySchema,
  loginResultSchema,
  logoutBodySchema,
  messageResultSchema,
  refreshBodySchema,
  refreshResultSchema,
  resetPasswordBodySchema,
  signupBodySchema,
  tokenBodySchema,
} from '../../../src/shared/contracts/auth';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { AccountProfile } from './account-profile';
import type { Passwords } from './passwords';
import type { Sessions } from './sessions';
import type { SignUp } from './sign-up';

/** The JSON body budget of the sign-in, sign-up and password forms. */
export const SECURITY_BODY_BYTES = 16 * 1024;

export function authRouter(
  registry: ApiRegistry,
  useCases: { sessions: Sessions; signUp: SignUp; passwords: Passwords; accountProfile: Pick<AccountProfile, 'confirmEmailChange'> },
  rateLimit: RequestHandler,
) {
  const { sessions, signUp, passwords, accountProfile } = useCases;
  // Small forms, most of them open to anyone (docs/security.md "Input").
  return new ApiRouter(registry, '/api/security', 'security', { bodyBytes: SECURITY_BODY_BYTES })
    .route({
      method: 'post',
      path: '/login',
      summary: 'Sign in with e-mail and password (and the SMS code when double factor is on)',
      access: 'public',
      before: [rateLimit],
      body: loginBodySchema,
      response: loginResultSchema,
      status: 200,
      handler: ({ body, req }) => sessions.login(body, req.ip),
    })
    .route({
      method: 'post',
      path: '/gjrt',
      summary: 'Rotate the refresh token: a used token revokes its whole family',
      access: 'public',
      before: [rateLimit],
      body: refreshBodySchema,
      response: refreshResultSchema,
      status: 200,
      handler: ({ body }) => sessions.refresh(body.gjrt),
    })
    .route({
      method: 'post',
      path: '/logout',
      summary: 'Sign out: revokes the refresh token family',
      access: 'signedIn',
      body: logoutBodySchema,
      status: 204,
      handler: ({ body, user }) => sessions.logout(user.id, body.gjrt),
    })
    .route({
      method: 'post',
      path: '/signup',
      summary: 'Create an operator account; an activation e-mail is sent',
      access: 'public',
      before: [rateLimit],
      body: signupBodySchema,
      response: messageResultSchema,
      handler: ({ body }) => signUp.signup(body),
    })
    .route({
      method: 'post',
      path: '/activate',
      summary: 'Activate an account with the token of the activation e-mail',
      access: 'public',
      before: [rateLimit],
      body: tokenBodySchema,
      response: messageResultSchema,
      status: 200,
      handler: ({ body }) => signUp.activate(body.token),
    })
    .route({
      method: 'post',
      path: '/forgotten-password',
      summary: 'Send a password reset link (answers the same whether the e-mail is known or not)',
      access: 'public',
      before: [rateLimit],
      body: forgottenPasswordBodySchema,
      response: messageResultSchema,
      status: 202,
      handler: ({ body }) => passwords.forgottenPassword(body.email),
    })
    .route({
      method: 'post',
      path: '/reset-password',
      summary: 'Set a new password with the token of the reset e-mail; reactivates a locked account',
      access: 'public',
      before: [rateLimit],
      body: resetPasswordBodySchema,
      response: messageResultSchema,
      status: 200,
      handler: ({ body }) => passwords.resetPassword(body),
    })
    .route({
      method: 'post',
      path: '/change-password',
      summary: 'Change the password: signed in, or signed out with the e-mail when the password has expired',
      access: 'public',
      before: [rateLimit],
      body: changePasswordBodySchema,
      response: messageResultSchema,
      status: 200,
      handler: ({ body, user }) => passwords.changePassword(body, user?.id),
    })
    .route({
      method: 'post',
      path: '/activate-new-email',
      summary: 'Confirm an e-mail change with the token sent to the new address',
      access: 'public',
      before: [rateLimit],
      body: tokenBodySchema,
      response: messageResultSchema,
      status: 200,
      handler: ({ body }) => accountProfile.confirmEmailChange(body.token),
    }).router;
}
