import type { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { createFileStore, FILE_STORES } from '../lib/file-store';
import { accountRouter } from '../modules/account/account.router';
import { agreementRouter, agreementsAdminRouter } from '../modules/agreements/agreements.router';
import { createAgreementsRepository } from '../modules/agreements/agreements.repository';
import { createAgreementsService } from '../modules/agreements/agreements.service';
import { createApiCredentialsRepository } from '../modules/api-credentials/api-credentials.repository';
import { apiCredentialsRouter } from '../modules/api-credentials/api-credentials.router';
import { createApiCredentials } from '../modules/api-credentials/api-credentials.service';
import { createAttachmentsRepository } from '../modules/attachments/attachments.repository';
import { attachmentsRouter } from '../modules/attachments/attachments.router';
import { createAttachmentsService } from '../modules/attachments/attachments.service';
import { createAccountProfile } from '../modules/auth/account-profile';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { authRouter } from '../modules/auth/auth.router';
import { createPasswords } from '../modules/auth/passwords';
import { createSessions } from '../modules/auth/sessions';
import { createSignUp } from '../modules/auth/sign-up';
import { webhooksRouter } from '../modules/webhooks/webhooks.router';
import type { ApiRegistry } from '../openapi';
import type { Records } from './records';

/**
 * Accounts: signing in, passwords, sign-up and the own profile (docs/security.md), and what an operator files with
 * the platform: its agreement and the attachments it rests on (docs/agreements.md); the personal API credentials and
 * webhook endpoints of operators' software (docs/operations.md).
 */
export function buildAccounts(ctx: AppContext, registry: ApiRegistry, records: Records) {
  const { audit, owners } = records;
  const { mailer, clock, config } = ctx;
  const repository = createAuthRepository(ctx.prisma);
  const sessions = createSessions({ repository, audit, mailer, sms: ctx.sms, clock, config });
  const passwords = createPasswords({ repository, audit, mailer, clock, config, logger: ctx.logger });
  const signUp = createSignUp({ repository, audit, mailer, clock, config });
  const accountProfile = createAccountProfile({ repository, audit, mailer, clock, config });
  const agreements = createAgreementsService({
    repository: createAgreementsRepository(ctx.prisma),
    owners,
    mailer,
    clock,
    publicUrl: config.publicUrl,
  });
  const attachmentFiles = createFileStore(config.dataDir, FILE_STORES.attachments);
  const attachments = createAttachmentsService({
    repository: createAttachmentsRepository(ctx.prisma),
    files: attachmentFiles,
    owners,
    missionReach: records.missionReach,
    audit,
    clock,
    onOperatorDocumentChanged: agreements.dataChanged,
  });
  const credentials = createApiCredentials({ repository: createApiCredentialsRepository(ctx.prisma), clock });
  const securityLimit = rateLimit({
    windowMs: 60_000,
    limit: config.securityRateLimitPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', 'Too many requests: wait a minute and try again')),
  });
  const routers: Router[] = [
    authRouter(registry, { sessions, signUp, passwords, accountProfile }, securityLimit),
    accountRouter(registry, accountProfile, agreements, owners),
    attachmentsRouter(registry, attachments, attachmentFiles),
    agreementRouter(registry, agreements),
    agreementsAdminRouter(registry, agreements),
    apiCredentialsRouter(registry, credentials),
    webhooksRouter(registry, records.webhooks),
  ];
  return {
    routers,
    signUp,
    agreements,
    credentials,
    accountAdministration: {
      sendResetLink: passwords.sendResetLink,
      unlock: sessions.unlock,
      companyInfo: agreements.companyInfo,
      companyInfoSaved: agreements.companyInfoSaved,
    },
  };
}
