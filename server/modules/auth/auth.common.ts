import { createHash, randomBytes } from 'node:crypto';
import type { PasswordProblem } from '../../../src/shared/domain/password-policy';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthRepository } from './auth.repository';

// What the auth use cases share (sessions, passwords, sign-up, account-profile, login-lock).

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** The purposes of the one-time links sent by e-mail. */
export type LinkPurpose = 'activation' | 'passwordReset' | 'emailChange';

export function policyError(problems: PasswordProblem[]): AppError {
  return new AppError('PASSWORD_POLICY', 'The new password does not meet the password policy', {
    fields: { password: problems.map((p) => `validation:password.${p}`) },
  });
}

/** A password older than the policy's maximum age: it must be changed before the account signs in again. */
export function isPasswordExpired(user: { passwordChangedAt: Date }, now: Date, passwordMaxAgeDays: number) {
  return now.getTime() - user.passwordChangedAt.getTime() > passwordMaxAgeDays * 86_400_000;
}

/** Makes a one-time link token for `purpose`, voiding the account's earlier ones of that purpose; answers the token. */
export function linkTokenIssuer(deps: {
  repository: Pick<AuthRepository, 'invalidateOneTimeTokens' | 'createOneTimeToken'>;
  clock: Clock;
}) {
  const { repository, clock } = deps;
  return async function issueLinkToken(user: { id: string }, purpose: LinkPurpose, ttlMs: number, payload?: { email: string }) {
    const token = newToken();
    await repository.invalidateOneTimeTokens(user.id, purpose, clock.now());
    await repository.createOneTimeToken({
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(clock.now().getTime() + ttlMs),
      payload,
    });
    return token;
  };
}

/** Uses a one-time link token once: an unknown, used or expired token is refused with the codes given. */
export function linkTokenConsumer(deps: {
  repository: Pick<AuthRepository, 'findOneTimeToken' | 'findUserById' | 'consumeOneTimeToken'>;
  clock: Clock;
}) {
  const { repository, clock } = deps;
  return async function consumeLinkToken(
    token: string,
    purpose: LinkPurpose,
    invalid: 'ACTIVATION_FAILED' | 'EMAIL_CHANGE_TOKEN_INVALID',
    expired: 'ACTIVATION_FAILED' | 'EMAIL_CHANGE_TOKEN_INVALID',
  ) {
    const record = await repository.findOneTimeToken(hashToken(token), purpose);
    if (!record || record.usedAt) throw new AppError(invalid);
    if (record.expiresAt <= clock.now()) throw new AppError(expired);
    const user = await repository.findUserById(record.userId);
    if (!user || !(await repository.consumeOneTimeToken(record.id, clock.now()))) throw new AppError(invalid);
    return { user, record };
  };
}

/** Refuses an e-mail of a blocked provider, or one another account has. */
export function emailCheck(deps: { repository: Pick<AuthRepository, 'findUserByEmail'>; prohibitedEmailDomains: string[] }) {
  const { repository, prohibitedEmailDomains } = deps;
  return async function checkEmailAllowed(email: string, excludeUserId?: string) {
    const domain = email.split('@')[1] ?? '';
    // A blocked provider's subdomains are the same provider (sub.mailinator.com).
    if (prohibitedEmailDomains.some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`)))
      throw new AppError('EMAIL_PROVIDER_NOT_ALLOWED', 'This e-mail provider is not allowed');
    const existing = await repository.findUserByEmail(email);
    if (existing && existing.id !== excludeUserId) throw new AppError('EMAIL_NOT_AVAILABLE', 'This e-mail is not available');
  };
}
