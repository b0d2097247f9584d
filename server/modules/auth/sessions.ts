import { randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { LoginBody, LoginResult } from '../../../src/shared/contracts/auth';
import { DOUBLE_FACTOR_CODE_TTL_MS } from '../../../src/shared/domain/limits';
import { isAdministrator } from '../../../src/shared/domain/rights';
import { SUPERVISION_DISABLED } from '../../../src/shared/domain/supervision';
import type { Config } from '../../config/env';
import type { Mailer } from '../../integrations/mail/mailer';
import type { SmsClient } from '../../integrations/sms/sms-client';
import { AppError } from '../../lib/app-error';
import { signAccessToken } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import { hashToken, isPasswordExpired, newToken } from './auth.common';
import { doubleFactorSms } from './auth.emails';
import { rightsOf, supervisionOf, toLoginResponse } from './auth.mapper';
import type { AuthRepository, UserWithAccess } from './auth.repository';
import { createLoginLock } from './login-lock';

export interface SessionsDeps {
  repository: AuthRepository;
  audit: AuditRepository;
  mailer: Mailer;
  sms: SmsClient;
  clock: Clock;
  config: Pick<
    Config,
    | 'jwtSecret'
    | 'accessTokenTtlSeconds'
    | 'refreshTokenTtlDays'
    | 'passwordMaxAgeDays'
    | 'loginFailuresPerAddress'
    | 'publicUrl'
    | 'maintenance'
  >;
}

// Compared against when the e-mail is unknown, so both paths cost one bcrypt comparison.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

/** Signing in (with the double factor), the refresh token's rotation, signing out, and lifting a sign-in pause. */
export function createSessions(deps: SessionsDeps) {
  const { repository, audit, sms, clock, config } = deps;
  const now = () => clock.now();
  const lock = createLoginLock(deps);

  /** During maintenance only administrators sign in (or keep their session); nothing is recorded for the others. */
  function refuseDuringMaintenance(user: UserWithAccess) {
    if (config.maintenance && !isAdministrator(new Set(rightsOf(user))))
      throw new AppError('MAINTENANCE', 'The platform is under maintenance');
  }

  async function issueTokens(user: UserWithAccess, familyId: string = randomUUID()): Promise<LoginResult> {
    const at = now();
    const { token, expiredAt } = signAccessToken(
      { id: user.id, email: user.email, rights: rightsOf(user), tokenVersion: user.tokenVersion, pilot: supervisionOf(user) },
      config.jwtSecret,
      config.accessTokenTtlSeconds,
      at,
    );
    const gjrt = newToken();
    await repository.createRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: hashToken(gjrt),
      expiresAt: new Date(at.getTime() + config.refreshTokenTtlDays * 86_400_000),
    });
    return toLoginResponse(user, { token, expiredAt, gjrt });
  }

  async function checkDoubleFactor(user: UserWithAccess, code: string | undefined, ip: string | undefined) {
    if (!code) {
      if (!user.phoneNumber) throw new AppError('MISSING_PHONE_NUMBER', 'No phone number is set on the account: ask an administrator');
      const generated = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repository.invalidateOneTimeTokens(user.id, 'doubleFactor', now());
      await repository.createOneTimeToken({
        userId: user.id,
        purpose: 'doubleFactor',
        tokenHash: hashToken(`${user.id}:${generated}`),
        expiresAt: new Date(now().getTime() + DOUBLE_FACTOR_CODE_TTL_MS),
      });
      await sms.send(user.phoneNumber, doubleFactorSms(user.lang, generated));
      throw new AppError('DOUBLE_FACTOR_REQUIRED', 'A code was sent to your phone');
    }
    const pending = await repository.latestOneTimeToken(user.id, 'doubleFactor');
    if (!pending || pending.tokenHash !== hashToken(`${user.id}:${code}`)) return lock.failLogin(user, ip, 'INVALID_CODE');
    if (pending.expiresAt <= now()) throw new AppError('EXPIRED_CODE', 'The code has expired');
    await repository.consumeOneTimeToken(pending.id, now());
  }

  return {
    /**
     * The answer says nothing of the account before the password is right: a paused e-mail answers the same whether
     * it exists or not, an unknown e-mail costs the same bcrypt comparison, and the account's status comes after.
     */
    async login(input: LoginBody, ip?: string): Promise<LoginResult> {
      const user = await repository.findUserByEmail(input.email);
      await lock.refuseWhileLocked(input.email, ip, user?.id);
      if (!user) {
        await bcrypt.compare(input.password, DUMMY_HASH);
        await repository.recordLoginAttempt({ email: input.email, success: false, outcome: 'INVALID_CREDENTIALS', ip, createdAt: now() });
        throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      }
      if (!(await bcrypt.compare(input.password, user.passwordHash))) return lock.failLogin(user, ip, 'INVALID_CREDENTIALS');
      const disabledPilot = user.supervisedPilot && user.supervisedPilot.supervisionLevel <= SUPERVISION_DISABLED;
      if (user.status === 'deactivated' || disabledPilot) {
        await repository.recordLoginAttempt({
          userId: user.id,
          email: user.email,
          success: false,
          outcome: 'ACCOUNT_DEACTIVATED',
          ip,
          createdAt: now(),
        });
        throw new AppError('ACCOUNT_DEACTIVATED', 'This account is deactivated');
      }
      if (user.status === 'pending')
        throw new AppError('ACCOUNT_NOT_ACTIVATED', 'The account is not activated yet: open the link of the activation e-mail');
      if (isPasswordExpired(user, now(), config.passwordMaxAgeDays)) {
        await repository.recordLoginAttempt({
          userId: user.id,
          email: user.email,
          success: false,
          outcome: 'PASSWORD_EXPIRED',
          ip,
          createdAt: now(),
        });
        throw new AppError('PASSWORD_EXPIRED', 'Your password has expired: choose a new one');
      }
      refuseDuringMaintenance(user);
      if (user.doubleFactorEnabled) await checkDoubleFactor(user, input.code, ip);
      if (user.failedLoginCount > 0) await repository.updateUser(user.id, { failedLoginCount: 0 });
      await repository.recordLoginAttempt({ userId: user.id, email: user.email, success: true, outcome: 'OK', ip, createdAt: now() });
      return issueTokens(user);
    },

    /** An administrator lifts the pause of an account's e-mail (not of an address). */
    async unlock(userId: string, actorId: string) {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('NOT_FOUND', 'Unknown user');
      await repository.updateUser(user.id, { failedLoginCount: 0 });
      await repository.recordLoginAttempt({ userId: user.id, email: user.email, success: false, outcome: 'UNLOCKED', createdAt: now() });
      await audit.record({ actorId, action: 'account.unlocked', subjectType: 'user', subjectId: user.id });
    },

    async refresh(gjrt: string): Promise<LoginResult> {
      const record = await repository.findRefreshToken(hashToken(gjrt));
      if (!record) throw new AppError('INVALID_REFRESH_TOKEN', 'Invalid refresh token');
      if (record.usedAt || record.revokedAt || !(await repository.consumeRefreshToken(record.id, now()))) {
        // A refresh token presented twice was stolen or replayed: the whole family is revoked.
        await repository.revokeFamily(record.familyId, now());
        await audit.record({
          actorId: record.userId,
          action: 'refresh.reuse',
          subjectType: 'user',
          subjectId: record.userId,
          data: { familyId: record.familyId },
        });
        throw new AppError('INVALID_REFRESH_TOKEN', 'Invalid refresh token');
      }
      if (record.expiresAt <= now()) throw new AppError('INVALID_REFRESH_TOKEN', 'Refresh token expired');
      const user = await repository.findUserById(record.userId);
      if (!user || user.status !== 'active') {
        await repository.revokeFamily(record.familyId, now());
        throw new AppError('INVALID_REFRESH_TOKEN', 'Invalid refresh token');
      }
      refuseDuringMaintenance(user);
      return issueTokens(user, record.familyId);
    },

    /**
     * Ends the refresh family of `gjrt` and every access token of the account already issued (the version is per
     * account): other devices keep their refresh tokens and get a new access token at their next refresh.
     */
    async logout(userId: string, gjrt?: string) {
      await repository.raiseTokenVersion(userId);
      if (!gjrt) return;
      const record = await repository.findRefreshToken(hashToken(gjrt));
      if (record && record.userId === userId) await repository.revokeFamily(record.familyId, now());
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
