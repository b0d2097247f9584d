import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { z } from 'zod';
import type {
  AccountUpdate,
  LoginRequest,
  LoginResponse,
  SignupRequest,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  resetPasswordRequestSchema,
} from '../../../src/shared/contracts/auth';
import {
  ACTIVATION_TOKEN_TTL_MS,
  ADDRESS_FAILURE_WINDOW_MS,
  DOUBLE_FACTOR_CODE_TTL_MS,
  EMAIL_CHANGE_TOKEN_TTL_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCK_FIRST_MS,
  LOGIN_LOCK_MAX_MS,
  MAX_FAILED_LOGINS,
  PASSWORD_HISTORY_SIZE,
  RESET_TOKEN_TTL_MS,
} from '../../../src/shared/domain/limits';
import { DEACTIVATED_BY_ADMINISTRATOR, DEACTIVATED_WITH_PILOT, type Language } from '../../../src/shared/domain/enums';
import { passwordProblems, type PasswordProblem } from '../../../src/shared/domain/password-policy';
import { SUPERVISED_PILOT_RIGHTS } from '../../../src/shared/domain/rights';
import { editsPersonalAccount, SUPERVISION_DISABLED } from '../../../src/shared/domain/supervision';
import type { Config } from '../../config/env';
import type { Mailer } from '../../integrations/mail/mailer';
import type { SmsClient } from '../../integrations/sms/sms-client';
import { AppError } from '../../lib/app-error';
import { signAccessToken } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { AuditRepository } from '../audit/audit.repository';
import { authEmail, doubleFactorSms } from './auth.emails';
import { rightsOf, supervisionOf, toAccount, toLoginResponse } from './auth.mapper';
import type { AuthRepository, UserWithAccess } from './auth.repository';

export const SIGNUP_GROUP = 'Operators';
/** The system group of supervised pilot accounts (prisma/seed.ts); created with its rights if it is missing. */
export const SUPERVISED_GROUP = 'Supervised pilots';

export interface AuthServiceDeps {
  repository: AuthRepository;
  audit: AuditRepository;
  mailer: Mailer;
  sms: SmsClient;
  clock: Clock;
  config: Config;
  logger: Logger;
}

/** Outcomes of LoginAttempt that count towards a lock, and those after which the count starts again. */
const FAILURES = ['INVALID_CREDENTIALS', 'INVALID_CODE'] as const;
const RESETS = ['OK', 'UNLOCKED'] as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

// Compared against when the e-mail is unknown, so both paths cost one bcrypt comparison.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

export function createAuthService(deps: AuthServiceDeps) {
  const { repository, audit, mailer, sms, clock, config, logger } = deps;
  const now = () => clock.now();

  function policyError(problems: PasswordProblem[]): AppError {
    return new AppError('PASSWORD_POLICY', 'The new password does not meet the password policy', {
      fields: { password: problems.map((p) => `validation:password.${p}`) },
    });
  }

  async function checkNewPassword(
    user: UserWithAccess | null,
    password: string,
    identity: { email: string; firstName: string; lastName: string },
  ) {
    const problems = passwordProblems(password, identity);
    if (user) {
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
    }
    if (problems.length > 0) throw policyError(problems);
  }

  async function setPassword(user: UserWithAccess, password: string, extra: Parameters<AuthRepository['updateUser']>[1] = {}) {
    const hash = await bcrypt.hash(password, config.bcryptRounds);
    const at = now();
    await repository.addPasswordHistory(user.id, hash, at);
    return repository.updateUser(user.id, { passwordHash: hash, passwordChangedAt: at, ...extra });
  }

  async function issueTokens(user: UserWithAccess, familyId: string = randomUUID()): Promise<LoginResponse> {
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

  async function createOneTimeToken(
    user: UserWithAccess,
    purpose: 'activation' | 'passwordReset' | 'emailChange',
    ttlMs: number,
    payload?: { email: string },
  ) {
    const token = newToken();
    await repository.invalidateOneTimeTokens(user.id, purpose, now());
    await repository.createOneTimeToken({
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + ttlMs),
      payload,
    });
    return token;
  }

  /** A supervised account changes its own profile only with its pilot's "personal account" right. */
  function checkPersonalAccount(user: UserWithAccess) {
    const pilot = user.supervisedPilot;
    if (pilot && !editsPersonalAccount({ level: pilot.supervisionLevel, rights: pilot.rights }))
      throw new AppError('NOT_ALLOWED', 'Your operator has not given this account the personal account right');
  }

  function isPasswordExpired(user: UserWithAccess) {
    return now().getTime() - user.passwordChangedAt.getTime() > config.passwordMaxAgeDays * 86_400_000;
  }

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

  async function refuseWhileLocked(email: string, ip: string | undefined, userId?: string) {
    const until = await lockedUntil(email, ip);
    if (!until) return;
    await repository.recordLoginAttempt({ userId, email, success: false, outcome: 'TOO_MANY_ATTEMPTS', ip, createdAt: now() });
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many failed attempts: wait a few minutes and try again', {
      retryAfterSeconds: Math.ceil((until.getTime() - now().getTime()) / 1000),
    });
  }

  /**
   * Records a failure. The one that pauses the e-mail tells the owner (once per pause: while paused, attempts are
   * refused before they count). A pause earned by a signed-in session guessing the current password ends the
   * account's sessions: that session is not the owner's. Never deactivates the account.
   */
  async function failLogin(
    user: UserWithAccess,
    ip: string | undefined,
    outcome: 'INVALID_CREDENTIALS' | 'INVALID_CODE',
    options: { endSessionsOnLock?: boolean } = {},
  ): Promise<never> {
    await repository.incrementFailedLogins(user.id);
    await repository.recordLoginAttempt({ userId: user.id, email: user.email, success: false, outcome, ip, createdAt: now() });
    if (await lockedUntil(user.email, undefined)) {
      const token = await createOneTimeToken(user, 'passwordReset', RESET_TOKEN_TTL_MS);
      await mailer.send(authEmail('accountLocked', user.lang, user.email, `${config.publicUrl}/reset-password/${token}`));
      await audit.record({ actorId: user.id, action: 'account.locked', subjectType: 'user', subjectId: user.id });
      if (options.endSessionsOnLock) await repository.endSessions(user.id, now());
    }
    throw outcome === 'INVALID_CODE'
      ? new AppError('INVALID_CODE', 'Invalid code')
      : new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
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
    if (!pending || pending.tokenHash !== hashToken(`${user.id}:${code}`)) return failLogin(user, ip, 'INVALID_CODE');
    if (pending.expiresAt <= now()) throw new AppError('EXPIRED_CODE', 'The code has expired');
    await repository.consumeOneTimeToken(pending.id, now());
  }

  /** The reset link for an account that exists; nothing for an unknown e-mail. */
  async function sendResetLink(email: string) {
    const user = await repository.findUserByEmail(email);
    if (!user) return;
    const token = await createOneTimeToken(user, 'passwordReset', RESET_TOKEN_TTL_MS);
    await mailer.send(authEmail('passwordReset', user.lang, user.email, `${config.publicUrl}/reset-password/${token}`));
  }

  async function checkEmailAllowed(email: string, excludeUserId?: string) {
    const domain = email.split('@')[1] ?? '';
    // A blocked provider's subdomains are the same provider (sub.mailinator.com).
    if (config.prohibitedEmailDomains.some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`)))
      throw new AppError('EMAIL_PROVIDER_NOT_ALLOWED', 'This e-mail provider is not allowed');
    const existing = await repository.findUserByEmail(email);
    if (existing && existing.id !== excludeUserId) throw new AppError('EMAIL_NOT_AVAILABLE', 'This e-mail is not available');
  }

  async function consumeLinkToken(
    token: string,
    purpose: 'activation' | 'passwordReset' | 'emailChange',
    invalid: 'ACTIVATION_FAILED' | 'RESET_TOKEN_INVALID' | 'EMAIL_CHANGE_TOKEN_INVALID',
    expired: 'ACTIVATION_FAILED' | 'RESET_TOKEN_EXPIRED' | 'EMAIL_CHANGE_TOKEN_INVALID',
  ) {
    const record = await repository.findOneTimeToken(hashToken(token), purpose);
    if (!record || record.usedAt) throw new AppError(invalid);
    if (record.expiresAt <= now()) throw new AppError(expired);
    const user = await repository.findUserById(record.userId);
    if (!user || !(await repository.consumeOneTimeToken(record.id, now()))) throw new AppError(invalid);
    return { user, record };
  }

  return {
    /**
     * The answer says nothing of the account before the password is right: a paused e-mail answers the same whether
     * it exists or not, an unknown e-mail costs the same bcrypt comparison, and the account's status comes after.
     */
    async login(input: LoginRequest, ip?: string): Promise<LoginResponse> {
      const user = await repository.findUserByEmail(input.email);
      await refuseWhileLocked(input.email, ip, user?.id);
      if (!user) {
        await bcrypt.compare(input.password, DUMMY_HASH);
        await repository.recordLoginAttempt({ email: input.email, success: false, outcome: 'INVALID_CREDENTIALS', ip, createdAt: now() });
        throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      }
      if (!(await bcrypt.compare(input.password, user.passwordHash))) return failLogin(user, ip, 'INVALID_CREDENTIALS');
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
      if (isPasswordExpired(user)) {
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

    async refresh(gjrt: string): Promise<LoginResponse> {
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

    async signup(input: SignupRequest) {
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
      const token = await createOneTimeToken(user, 'activation', ACTIVATION_TOKEN_TTL_MS);
      await mailer.send(authEmail('activation', user.lang, user.email, `${config.publicUrl}/activate-account/${token}`));
      await audit.record({ actorId: user.id, action: 'account.signup', subjectType: 'user', subjectId: user.id });
      return { message: 'ACTIVATION_SENT' };
    },

    /**
     * A supervised pilot account (spec domain §5) for the pilot's e-mail, child of the operator. Nobody knows its
     * password: the e-mail carries a password-setting link, valid as long as an activation link, and setting the
     * password activates the account (resetPassword).
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
      const token = await createOneTimeToken(user, 'passwordReset', ACTIVATION_TOKEN_TTL_MS);
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

    async activate(token: string) {
      const { user } = await consumeLinkToken(token, 'activation', 'ACTIVATION_FAILED', 'ACTIVATION_FAILED');
      if (user.status !== 'pending') throw new AppError('ACTIVATION_FAILED', 'Unable to activate the account');
      await repository.updateUser(user.id, { status: 'active' });
      await audit.record({ actorId: user.id, action: 'account.activated', subjectType: 'user', subjectId: user.id });
      return { message: 'ACCOUNT_ACTIVATED' };
    },

    sendResetLink,

    /**
     * Answers before the link is made and sent, so a known e-mail takes as long as an unknown one (one lookup each);
     * the e-mail follows the answer.
     */
    async forgottenPassword(email: string) {
      void sendResetLink(email).catch((error: unknown) => logger.error({ err: error }, 'password reset e-mail failed'));
      return { message: 'RESET_SENT' };
    },

    async resetPassword(input: z.infer<typeof resetPasswordRequestSchema>) {
      const record = await repository.findOneTimeToken(hashToken(input.token), 'passwordReset');
      if (!record || record.usedAt) throw new AppError('RESET_TOKEN_INVALID', 'Unable to reset the password');
      if (record.expiresAt <= now()) throw new AppError('RESET_TOKEN_EXPIRED', 'The reset link has expired');
      const user = await repository.findUserById(record.userId);
      if (!user) throw new AppError('RESET_TOKEN_INVALID', 'Unable to reset the password');
      await checkNewPassword(user, input.password, user);
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

    async changePassword(input: z.infer<typeof changePasswordRequestSchema>, signedInUserId?: string) {
      const user = signedInUserId
        ? await repository.findUserById(signedInUserId)
        : input.email
          ? await repository.findUserByEmail(input.email)
          : null;
      if (!user || user.status === 'deactivated') throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
      await refuseWhileLocked(user.email, undefined, user.id);
      if (!(await bcrypt.compare(input.currentPassword, user.passwordHash)))
        return failLogin(user, undefined, 'INVALID_CREDENTIALS', { endSessionsOnLock: !!signedInUserId });
      // Signed out, e-mail and password stand in only for the sign-in an expired password prevents; otherwise
      // they would change a password without the double factor.
      if (!signedInUserId && !isPasswordExpired(user))
        throw new AppError('UNAUTHENTICATED', 'Sign in to change a password that has not expired');
      await checkNewPassword(user, input.password, user);
      await setPassword(user, input.password, { failedLoginCount: 0 });
      await audit.record({ actorId: user.id, action: 'password.changed', subjectType: 'user', subjectId: user.id });
      return { message: 'PASSWORD_CHANGED' };
    },

    async requestEmailChange(userId: string, input: z.infer<typeof changeEmailRequestSchema>) {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('NOT_FOUND');
      checkPersonalAccount(user);
      if (!(await bcrypt.compare(input.currentPassword, user.passwordHash))) throw new AppError('INVALID_CREDENTIALS', 'Invalid password');
      await checkEmailAllowed(input.email, user.id);
      const token = await createOneTimeToken(user, 'emailChange', EMAIL_CHANGE_TOKEN_TTL_MS, { email: input.email });
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

    async account(userId: string) {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('NOT_FOUND');
      return toAccount(user);
    },

    async updateAccount(userId: string, input: AccountUpdate) {
      const user = await repository.findUserById(userId);
      if (!user) throw new AppError('NOT_FOUND');
      checkPersonalAccount(user);
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
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
