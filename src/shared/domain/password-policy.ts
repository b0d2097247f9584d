import { PASSWORD_MIN_LENGTH } from './limits';

export type PasswordProblem = 'tooShort' | 'lowercase' | 'uppercase' | 'digit' | 'special' | 'containsIdentity';

export interface PasswordIdentity {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Spec shell §5: 12+ characters with the four classes, and none of the user's e-mail or names. */
export function passwordProblems(password: string, identity: PasswordIdentity = {}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
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
