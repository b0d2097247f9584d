import {
  ADDRESS_FAILURE_WINDOW_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_FIRST_MS,
  LOGIN_LOCK_MAX_MS,
  MAX_FAILED_LOGINS,
  RESET_TOKEN_TTL_MS,
} from '../../../src/shared/domain/limits';
import type { Config } from '../../config/env';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import { linkTokenIssuer } from './auth.common';
import { authEmail } from './auth.emails';
import type { AuthRepository, UserWithAccess } from './auth.repository';

export interface LoginLockDeps {
  repository: AuthRepository;
  audit: AuditRepository;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'loginFailuresPerAddress' | 'publicUrl'>;
}

/** Outcomes of LoginAttempt that count towards a lock, and those after which the count starts again. */
const FAILURES = ['INVALID_CREDENTIALS', 'INVALID_CODE'] as const;
const RESETS = ['OK', 'UNLOCKED'] as const;

/** The pause of sign-in after failed attempts, shared by signing in and by changing a password with the current one. */
export function createLoginLock(deps: LoginLockDeps) {
  const { repository, audit, mailer, clock, config } = deps;
  const now = () => clock.now();
  const issueLinkToken = linkTokenIssuer(deps);

  /**
   * When sign-in on `email` (known or not, so the answer tells nothing) or from `ip` is paused: after
   * MAX_FAILED_LOGINS failures on the e-mail, for LOGIN_LOCK_FIRST_MS doubled at each further failure (up to
   * LOGIN_LOCK_MAX_MS); after LOGIN_FAILURES_PER_ADDRESS failures from the address within its window, until the
   * oldest of them leaves it. Null when neither is paused.
   */
  async function lockedUntil(email: string, ip: string | undefined): Promise<Date | null> {
    const at = now().getTime();
    const mail = await repository.failuresOfEmail(email, new Date(at - LOGIN_FAILURE_WINDOW_MS), FAILURES, RESETS);
    const ends: number[] = [];
    if (mail.count >= MAX_FAILED_LOGINS && mail.latestAt) {
      const pause = Math.min(LOGIN_LOCK_FIRST_MS * 2 ** (mail.count - MAX_FAILED_LOGINS), LOGIN_LOCK_MAX_MS);
      ends.push(mail.latestAt.getTime() + pause);
    }
    if (ip) {
      const address = await repository.failuresOfAddress(ip, new Date(at - ADDRESS_FAILURE_WINDOW_MS), FAILURES);
      if (address.count >= config.loginFailuresPerAddress && address.oldestAt)
        ends.push(address.oldestAt.getTime() + ADDRESS_FAILURE_WINDOW_MS);
    }
    const end = Math.max(0, ...ends);
    return end > at ? new Date(end) : null;
  }

  return {
    async refuseWhileLocked(email: string, ip: string | undefined, userId?: string) {
      const until = await lockedUntil(email, ip);
      if (!until) return;
      await repository.recordLoginAttempt({ userId, email, success: false, outcome: 'TOO_MANY_ATTEMPTS', ip, createdAt: now() });
      throw new AppError('TOO_MANY_ATTEMPTS', 'Too many failed attempts: wait a few minutes and try again', {
        retryAfterSeconds: Math.ceil((until.getTime() - now().getTime()) / 1000),
      });
    },

    /**
     * Records a failure. The one that pauses the e-mail tells the owner (once per pause: while paused, attempts are
     * refused before they count). A pause earned by a signed-in session guessing the current password ends the
     * account's sessions: that session is not the owner's. Never deactivates the account.
     */
    async failLogin(
      user: UserWithAccess,
      ip: string | undefined,
      outcome: 'INVALID_CREDENTIALS' | 'INVALID_CODE',
      options: { endSessionsOnLock?: boolean } = {},
    ): Promise<never> {
      await repository.incrementFailedLogins(user.id);
      await repository.recordLoginAttempt({ userId: user.id, email: user.email, success: false, outcome, ip, createdAt: now() });
      if (await lockedUntil(user.email, undefined)) {
        const token = await issueLinkToken(user, 'passwordReset', RESET_TOKEN_TTL_MS);
        await mailer.send(authEmail('accountLocked', user.lang, user.email, `${config.publicUrl}/reset-password/${token}`));
        await audit.record({ actorId: user.id, action: 'account.locked', subjectType: 'user', subjectId: user.id });
        if (options.endSessionsOnLock) await repository.endSessions(user.id, now());
      }
      throw outcome === 'INVALID_CODE'
        ? new AppError('INVALID_CODE', 'Invalid code')
        : new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
    },
  };
}
