import bcrypt from 'bcrypt';
import type { z } from 'zod';
import type { changePasswordBodySchema, resetPasswordBodySchema } from '../../../src/shared/contracts/auth';
import { DEACTIVATED_BY_ADMINISTRATOR, DEACTIVATED_WITH_PILOT } from '../../../src/shared/domain/enums';
import { PASSWORD_HISTORY_SIZE, RESET_TOKEN_TTL_MS } from '../../../src/shared/domain/limits';
import { passwordProblems } from '../../../src/shared/domain/password-policy';
import type { Config } from '../../config/env';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { AuditRepository } from '../audit/audit.repository';
import { hashToken, isPasswordExpired, linkTokenIssuer, policyError } from './auth.common';
import { authEmail } from './auth.emails';
import type { AuthRepository, UserWithAccess } from './auth.repository';
import { createLoginLock } from './login-lock';

export interface PasswordsDeps {
  repository: AuthRepository;
  audit: AuditRepository;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'bcryptRounds' | 'publicUrl' | 'passwordMaxAgeDays' | 'loginFailuresPerAddress'>;
  logger: Logger;
}

/** Changing a password, resetting a forgotten one by e-mail, and the policy a new password meets (history included). */
export function createPasswords(deps: PasswordsDeps) {
  const { repository, audit, mailer, clock, config, logger } = deps;
  const now = () => clock.now();
  const lock = createLoginLock(deps);
  const issueLinkToken = linkTokenIssuer(deps);

  async function checkNewPassword(user: UserWithAccess, password: string) {
    const problems = passwordProblems(password, user);
    if (await bcrypt.compare(password, user.passwordHash)) problems.push('sameAsCurrent');
    else {
      const history = await repository.recentPasswordHashes(user.id, PASSWORD_HISTORY_SIZE);
      for (const { hash } of history) {
        if (await bcrypt.compare(password, hash)) {
          problems.push('recentlyUsed');
          break;
        }
      }
    }
    if (problems.length > 0) throw policyError(problems);
  }

  async function setPassword(user: UserWithAccess, password: string, extra: Parameters<AuthRepository['updateUser']>[1]) {
    const hash = await bcrypt.hash(password, config.bcryptRounds);
    const at = now();
    await repository.addPasswordHistory(user.id, hash, at);
    return repository.updateUser(user.id, { passwordHash: hash, passwordChangedAt: at, ...extra });
  }

  /** The reset link for an account that exists; nothing for an unknown e-mail. */
  async function sendResetLink(email: string) {
    const user = await repository.findUserByEmail(email);
    if (!user) return;
    const token = await issueLinkToken(user, 'passwordReset', RESET_TOKEN_TTL_MS);
    await mailer.send(authEmail('passwordReset', user.lang, user.email, `${config.publicUrl}/reset-password/${token}`));
  }

  return {
    sendResetLink,

    /**
     * Answers before the link is made and sent, so a known e-mail takes as long as an unknown one (one lookup each);
     * the e-mail follows the answer.
     */
    async forgottenPassword(email: string) {
      void sendResetLink(email).catch((error: unknown) => logger.error({ err: error }, 'password reset e-mail failed'));
      return { message: 'RESET_SENT' };
    },

    async resetPassword(input: z.infer<typeof resetPasswordBodySchema>) {
      const record = await repository.findOneTimeToken(hashToken(input.token), 'passwordReset');
      if (!record || record.usedAt) throw new AppError('RESET_TOKEN_INVALID', 'Unable to reset the password');
      if (record.expiresAt <= now()) throw new AppError('RESET_TOKEN_EXPIRED', 'The reset link has expired');
      const user = await repository.findUserById(record.userId);
      if (!user) throw new AppError('RESET_TOKEN_INVALID', 'Unable to reset the password');
      await checkNewPassword(user, input.password);
      if (!(await repository.consumeOneTimeToken(record.id, now())))
        throw new AppError('RESET_TOKEN_INVALID', 'Unable to reset the password');
      // Proving ownership of the mailbox also reactivates an account locked by failed attempts, but not a supervised
      // account closed with its pilot: the mailbox proves who the pilot is, not that the operator still flies them.
      // Nor one an administrator closed: only an administrator reopens it.
      const closedOnPurpose =
        user.deactivationReason === DEACTIVATED_WITH_PILOT || user.deactivationReason === DEACTIVATED_BY_ADMINISTRATOR;
      const reopen = closedOnPurpose ? {} : { status: 'active' as const, deactivationReason: null };
      await setPassword(user, input.password, { ...reopen, failedLoginCount: 0 });
      await repository.revokeAllForUser(user.id, now());
      await repository.recordLoginAttempt({ userId: user.id, email: user.email, success: false, outcome: 'UNLOCKED', createdAt: now() });
      await audit.record({ actorId: user.id, action: 'password.reset', subjectType: 'user', subjectId: user.id });
      return { message: 'PASSWORD_RESET' };
    },

    async changePassword(input: z.infer<typeof changePasswordBodySchema>, signedInUserId?: string) {
      const user = signedInUserId
        ? await repository.findUserById(signedInUserId)
        : input.email
          ? await repository.findUserByEmail(input.email)
          : null;
      if (!user || user.status === 'deactivated') throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      await lock.refuseWhileLocked(user.email, undefined, user.id);
      if (!(await bcrypt.compare(input.currentPassword, user.passwordHash)))
        return lock.failLogin(user, undefined, 'INVALID_CREDENTIALS', { endSessionsOnLock: !!signedInUserId });
      // Signed out, e-mail and password stand in only for the sign-in an expired password prevents; otherwise
      // they would change a password without the double factor.
      if (!signedInUserId && !isPasswordExpired(user, now(), config.passwordMaxAgeDays))
        throw new AppError('UNAUTHENTICATED', 'Sign in to change a password that has not expired');
      await checkNewPassword(user, input.password);
      await setPassword(user, input.password, { failedLoginCount: 0 });
      await audit.record({ actorId: user.id, action: 'password.changed', subjectType: 'user', subjectId: user.id });
      return { message: 'PASSWORD_CHANGED' };
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
