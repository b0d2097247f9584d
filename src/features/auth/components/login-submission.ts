import { apiErrorCode, apiFieldErrors } from '@/lib/api-client';
import { loadErrorTexts, loadValidationTexts } from '@/lib/i18n';
import { loginBodySchema, type LoginBody, type LoginResult } from '@/shared/contracts/auth';
import { signIn } from '../api/login';

export const LOGIN_FIELDS = ['email', 'password', 'code'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
/** Field → message key (`validation:required`, `errors:INVALID_CODE`). */
export type LoginErrors = Partial<Record<LoginField, string>>;

export type LoginOutcome =
  | { kind: 'signedIn'; response: LoginResult }
  | { kind: 'codeRequired' }
  | { kind: 'passwordExpired' }
  | { kind: 'rejected'; errors: LoginErrors };

const isLoginField = (field: unknown): field is LoginField => (LOGIN_FIELDS as readonly unknown[]).includes(field);

/** The texts of the form's messages: the login page shows before they load (docs/navigation.md, "Bundle"). */
export function loadLoginTexts() {
  return Promise.all([loadErrorTexts(), loadValidationTexts()]);
}

/** The shared login schema: the parsed body, or the first message of each field at fault. */
export function validateLogin(values: Record<LoginField, string | undefined>): { body?: LoginBody; errors: LoginErrors } {
  const result = loginBodySchema.safeParse(values);
  if (result.success) return { body: result.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isLoginField(field)) errors[field] ??= issue.message;
  }
  return { errors };
}

/** Signs in; a refusal tells the form what to do next (the api client has already toasted it). */
export async function submitLogin(body: LoginBody): Promise<LoginOutcome> {
  try {
    return { kind: 'signedIn', response: await signIn(body) };
  } catch (error) {
    await loadErrorTexts();
    const code = apiErrorCode(error);
    if (code === 'DOUBLE_FACTOR_REQUIRED') return { kind: 'codeRequired' };
    if (code === 'PASSWORD_EXPIRED') return { kind: 'passwordExpired' };
    if (code === 'INVALID_CODE' || code === 'EXPIRED_CODE') return { kind: 'rejected', errors: { code: `errors:${code}` } };
    const errors: LoginErrors = {};
    for (const [path, messages] of Object.entries(apiFieldErrors(error))) {
      const field = path.split('.')[0];
      if (isLoginField(field) && messages[0]) errors[field] ??= messages[0];
    }
    return { kind: 'rejected', errors };
  }
}
