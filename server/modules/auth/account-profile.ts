import bcrypt from 'bcrypt';
import type { z } from 'zod';
import type { AccountUpdate, changeEmailBodySchema } from '../../../src/shared/contracts/auth';
import { EMAIL_CHANGE_TOKEN_TTL_MS } from '../../../src/shared/domain/limits';
import { editsPersonalAccount } from '../../../src/shared/domain/supervision';
import type { Config } from '../../config/env';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import { emailCheck, linkTokenConsumer, linkTokenIssuer } from './auth.common';
import { authEmail } from './auth.emails';
import { toAccount } from './auth.mapper';
import type { AuthRepository, UserWithAccess } from './auth.repository';

export interface AccountProfileDeps {
  repository: AuthRepository;
  audit: AuditRepository;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'prohibitedEmailDomains'>;
}

/** A signed-in user's own account: the profile, and a change of e-mail confirmed from the new address. */
export function createAccountProfile(deps: AccountProfileDeps) {
  const { repository, audit, mailer, config } = deps;
  const issueLinkToken = linkTokenIssuer(deps);
  const consumeLinkToken = linkTokenConsumer(deps);
  const checkEmailAllowed = emailCheck({ repository, prohibitedEmailDomains: config.prohibitedEmailDomains });

  /** A supervised account changes its own profile only with its pilot's "personal account" right. */
  function checkPersonalAccount(user: UserWithAccess) {
    const pilot = user.supervisedPilot;
    if (pilot && !editsPersonalAccount({ level: pilot.supervisionLevel, rights: pilot.rights }))
      throw new AppError('NOT_ALLOWED', 'Your operator has not given this account the personal account right');
  }

  return {
    async account(userId: string) {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('NOT_FOUND');
      return toAccount(user);
    },

    async updateAccount(userId: string, input: AccountUpdate) {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('NOT_FOUND');
      checkPersonalAccount(user);
      if (user.supervisedPilot && input.secondPersonValidation !== undefined)
        throw new AppError('NOT_ALLOWED', 'The second person rule is the operator’s setting');
      const { externalIdentifiers, dateOfBirth, ...fields } = input;
      const phone = fields.phoneNumber === undefined ? user.phoneNumber : fields.phoneNumber;
      if ((fields.doubleFactorEnabled ?? user.doubleFactorEnabled) && !phone) {
        throw new AppError('MISSING_PHONE_NUMBER', 'A phone number is needed for the double factor', {
          fields: { phoneNumber: ['validation:phoneRequiredForDoubleFactor'] },
        });
      }
      if (externalIdentifiers) await repository.replaceExternalIdentifiers(user.id, externalIdentifiers);
      const updated = await repository.updateUser(user.id, {
        ...fields,
        ...(dateOfBirth !== undefined ? { dateOfBirth: dateOfBirth ? new Date(dateOfBirth) : null } : {}),
      });
      await audit.record({
        actorId: user.id,
        action: 'account.updated',
        subjectType: 'user',
        subjectId: user.id,
        data: { fields: Object.keys(input) },
      });
      return toAccount(updated);
    },

    async requestEmailChange(userId: string, input: z.infer<typeof changeEmailBodySchema>) {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('NOT_FOUND');
      checkPersonalAccount(user);
      if (!(await bcrypt.compare(input.currentPassword, user.passwordHash))) throw new AppError('INVALID_CREDENTIALS', 'Invalid password');
      await checkEmailAllowed(input.email, user.id);
      const token = await issueLinkToken(user, 'emailChange', EMAIL_CHANGE_TOKEN_TTL_MS, { email: input.email });
      await mailer.send(authEmail('emailChange', user.lang, input.email, `${config.publicUrl}/activate-new-email/${token}`));
      return { message: 'EMAIL_CHANGE_SENT' };
    },

    async confirmEmailChange(token: string) {
      const { user, record } = await consumeLinkToken(token, 'emailChange', 'EMAIL_CHANGE_TOKEN_INVALID', 'EMAIL_CHANGE_TOKEN_INVALID');
      const email = (record.payload as { email?: string } | null)?.email;
      if (!email) throw new AppError('EMAIL_CHANGE_TOKEN_INVALID');
      await checkEmailAllowed(email, user.id);
      await repository.updateUser(user.id, { email });
      await audit.record({
        actorId: user.id,
        action: 'email.changed',
        subjectType: 'user',
        subjectId: user.id,
        data: { from: user.email, to: email },
      });
      return { message: 'EMAIL_CHANGED' };
    },
  };
}

export type AccountProfile = ReturnType<typeof createAccountProfile>;
