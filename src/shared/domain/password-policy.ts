import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from './limits';

/** Checked wherever the password is typed. */
export const PASSWORD_RULES = ['tooShort', 'tooLong', 'lowercase', 'uppercase', 'digit', 'special', 'containsIdentity'] as const;
/** Checked by the server only, against the stored hashes. */
export const PASSWORD_HISTORY_PROBLEMS = ['sameAsCurrent', 'recentlyUsed'] as const;

export type PasswordProblem = (typeof PASSWORD_RULES)[number] | (typeof PASSWORD_HISTORY_PROBLEMS)[number];

export interface PasswordIdentity {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Spec shell §5: 12+ characters with the four classes, and none of the user's e-mail or names; at most
 * 72 bytes, because bcrypt ignores what follows and a longer password would be silently weaker than typed.
 */
export function passwordProblems(password: string, identity: PasswordIdentity = {}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) problems.push('tooLong');
  if (!/[a-z]/.test(password)) problems.push('lowercase');
  if (!/[A-Z]/.test(password)) problems.push('uppercase');
  if (!/[0-9]/.test(password)) problems.push('digit');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('special');
  const lower = password.toLowerCase();
  // The local part alone is what people reuse ("jane.doe2024!"), so it counts as containing the e-mail.
  const localPart = identity.email?.split('@')[0];
  const parts = [identity.email, localPart, identity.firstName, identity.lastName]
    .map((part) => part?.trim().toLowerCase())
    .filter((part): part is string => !!part && part.length >= 3);
  if (parts.some((part) => lower.includes(part))) problems.push('containsIdentity');
  return problems;
}
