import bcrypt from 'bcrypt';
import type { SignupBody } from '../../../src/shared/contracts/auth';
import type { Language } from '../../../src/shared/domain/enums';
import { ACTIVATION_TOKEN_TTL_MS } from '../../../src/shared/domain/limits';
import { passwordProblems } from '../../../src/shared/domain/password-policy';
import { SUPERVISED_PILOT_RIGHTS } from '../../../src/shared/domain/rights';
import type { Config } from '../../config/env';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import { emailCheck, linkTokenConsumer, linkTokenIssuer, newToken, policyError } from './auth.common';
import { authEmail } from './auth.emails';
import type { AuthRepository } from './auth.repository';

export const SIGNUP_GROUP = 'Operators';
/** The system group of supervised pilot accounts (prisma/seed.ts); created with its rights if it is missing. */
export const SUPERVISED_GROUP = 'Supervised pilots';

export interface SignUpDeps {
  repository: AuthRepository;
  audit: AuditRepository;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'bcryptRounds' | 'publicUrl' | 'prohibitedEmailDomains'>;
}

/** New accounts: an operator's sign-up and its activation link, and the account of a supervised pilot. */
export function createSignUp(deps: SignUpDeps) {
  const { repository, audit, mailer, clock, config } = deps;
  const now = () => clock.now();
  const issueLinkToken = linkTokenIssuer(deps);
  const consumeLinkToken = linkTokenConsumer(deps);
  const checkEmailAllowed = emailCheck({ repository, prohibitedEmailDomains: config.prohibitedEmailDomains });

  return {
    async signup(input: SignupBody) {
      await checkEmailAllowed(input.email);
      const problems = passwordProblems(input.password, input);
      if (problems.length > 0) throw policyError(problems);
      const group = await repository.findGroupByName(SIGNUP_GROUP);
      const user = await repository.createUser({
        email: input.email,
        passwordHash: await bcrypt.hash(input.password, config.bcryptRounds),
        passwordChangedAt: now(),
        civility: input.civility,
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        phoneNumber: input.phoneNumber,
        lang: input.lang,
        newsletter: input.newsletter,
        groups: group ? { connect: { id: group.id } } : undefined,
      });
      await repository.addPasswordHistory(user.id, user.passwordHash, now());
      const token = await issueLinkToken(user, 'activation', ACTIVATION_TOKEN_TTL_MS);
      await mailer.send(authEmail('activation', user.lang, user.email, `${config.publicUrl}/activate-account/${token}`));
      await audit.record({ actorId: user.id, action: 'account.signup', subjectType: 'user', subjectId: user.id });
      return { message: 'ACTIVATION_SENT' };
    },

    async activate(token: string) {
      const { user } = await consumeLinkToken(token, 'activation', 'ACTIVATION_FAILED', 'ACTIVATION_FAILED');
      if (user.status !== 'pending') throw new AppError('ACTIVATION_FAILED', 'Unable to activate the account');
      await repository.updateUser(user.id, { status: 'active' });
      await audit.record({ actorId: user.id, action: 'account.activated', subjectType: 'user', subjectId: user.id });
      return { message: 'ACCOUNT_ACTIVATED' };
    },

    /**
     * A supervised pilot account (spec domain §5) for the pilot's e-mail, child of the operator. Nobody knows its
     * password: the e-mail carries a password-setting link, valid as long as an activation link, and setting the
     * password activates the account (passwords.ts, resetPassword).
     */
    async createSupervisedAccount(input: {
      pilotId: string;
      parentId: string;
      email: string;
      firstName: string;
      lastName: string;
      phoneNumber: string | null;
      lang: Language;
    }) {
      if (await repository.findUserByEmail(input.email))
        throw new AppError('SUPERVISION_EMAIL_TAKEN', 'An account already exists for this e-mail');
      const user = await repository.createUser({
        email: input.email,
        passwordHash: await bcrypt.hash(newToken(), config.bcryptRounds),
        passwordChangedAt: now(),
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        lang: input.lang,
        parent: { connect: { id: input.parentId } },
        supervisedPilot: { connect: { id: input.pilotId } },
        groups: {
          connectOrCreate: {
            where: { name: SUPERVISED_GROUP },
            create: { name: SUPERVISED_GROUP, rights: [...SUPERVISED_PILOT_RIGHTS], kind: 'system' },
          },
        },
      });
      const token = await issueLinkToken(user, 'passwordReset', ACTIVATION_TOKEN_TTL_MS);
      await mailer.send(authEmail('supervisedAccount', user.lang, user.email, `${config.publicUrl}/reset-password/${token}`));
      await audit.record({
        actorId: input.parentId,
        action: 'account.supervisedCreated',
        subjectType: 'user',
        subjectId: user.id,
        data: { pilotId: input.pilotId },
      });
      return user;
    },
  };
}

export type SignUp = ReturnType<typeof createSignUp>;
