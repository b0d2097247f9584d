import { createElement } from 'react';
import axios, { AxiosError, AxiosHeaders, isAxiosError, type InternalAxiosRequestConfig } from 'axios';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import type { LoginResult } from '@/shared/contracts/auth';
import { REQUEST_TIMEOUT_MS, TOAST_DURATION_MS, TOKEN_REFRESH_THRESHOLD_MS } from '@/shared/domain/limits';
import { i18n, loadErrorTexts } from './i18n';
import { notifyMaintenance } from './maintenance';
import { endSession, getSession, getToken, startSession, type Session } from './session';
import { showErrorToast as showErrorNotification } from './toast';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No toast on failure: takeoff, landing and traffic posts (spec §7), background polling. */
    silent?: boolean;
  }
}

/** Spec §7: base path /api, 120 s time-out, bearer token from storage. */
export const apiClient = axios.create({
  baseURL: env.apiUrl,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
});

export const LOGIN_ENDPOINT = 'security/login';
export const REFRESH_ENDPOINT = 'security/gjrt';
const REFRESH_EXEMPT = new Set([LOGIN_ENDPOINT, REFRESH_ENDPOINT]);

function endpointOf(url: string | undefined): string {
  return (url ?? '')
    .split('?')[0]
    .replace(/^\/+/, '')
    .replace(/^api\//, '')
    .replace(/\/+$/, '');
}

let refreshInFlight: Promise<Session> | null = null;

/** One refresh at a time: concurrent requests wait for the same rotation of the single-use gjrt. */
export function refreshSession(): Promise<Session> {
  refreshInFlight ??= (async () => {
    try {
      const gjrt = getSession()?.gjrt;
      if (!gjrt) {
        throw new AxiosError(i18n.t('errors:INVALID_REFRESH_TOKEN'), 'ERR_NO_REFRESH_TOKEN', {
          silent: true,
          headers: new AxiosHeaders(),
        });
      }
      const { data } = await apiClient.post<LoginResult>(REFRESH_ENDPOINT, { gjrt }, { silent: true });
      // A session that ended while its refresh was in flight (its expiry, a sign-out) stays ended: the rotated token is
      // dropped, not stored again under the login page.
      if (!getSession()) {
        throw new AxiosError(i18n.t('errors:INVALID_REFRESH_TOKEN'), 'ERR_SESSION_ENDED', { silent: true, headers: new AxiosHeaders() });
      }
      return startSession(data);
    } catch (error) {
      endSession('refreshFailed');
      throw error;
    }
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function needsRefresh(session: Session | null): session is Session {
  return !!session && session.expiresAt - Date.now() < TOKEN_REFRESH_THRESHOLD_MS;
}

async function beforeRequest(config: InternalAxiosRequestConfig) {
  if (!REFRESH_EXEMPT.has(endpointOf(config.url)) && needsRefresh(getSession())) {
    await refreshSession();
  }
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // The interface language, not the browser's: the server words what it shows on maps (dataset credits) in it.
  config.headers.set('Accept-Language', i18n.language);
  return config;
}

export interface ApiErrorBody {
  code?: string;
  message?: string;
  fields?: Record<string, string[]>;
  /** Figures the code's translated message names. */
  params?: Record<string, string | number>;
}

function errorBodyOf(error: unknown): ApiErrorBody | undefined {
  if (!isAxiosError(error)) return undefined;
  const data: unknown = error.response?.data;
  return data && typeof data === 'object' ? (data as ApiErrorBody) : undefined;
}

export function apiErrorCode(error: unknown): string | undefined {
  const code = errorBodyOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Field errors of an answer that names fields (VALIDATION_FAILED, PASSWORD_POLICY's failed rules): field path → i18n keys. */
export function apiFieldErrors(error: unknown): Record<string, string[]> {
  const body = errorBodyOf(error);
  return body?.fields && typeof body.fields === 'object' ? body.fields : {};
}

/** Toast text precedence: translated code, else server message, else client message, else unexpected. */
export function errorMessageOf(error: unknown): string {
  const body = errorBodyOf(error);
  if (typeof body?.code === 'string' && i18n.exists(`errors:${body.code}`)) return i18n.t(`errors:${body.code}`, body.params ?? {});
  if (typeof body?.message === 'string' && body.message.trim()) return body.message;
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('errors:unexpected');
}

export function notifyError(error: unknown) {
  void loadErrorTexts().then(() => showErrorToast(error));
}

/** A supervised pilot opens the agreement page only with SUPERVISION_ACCOUNT_EDIT (docs/navigation.md "Supervised pilot"). */
const readsAgreement = (session: Session | null) =>
  !session?.rights.has('SUPERVISION_PILOT') || session.rights.has('SUPERVISION_ACCOUNT_EDIT');

function showErrorToast(error: unknown) {
  const code = apiErrorCode(error);
  showErrorNotification({
    color: 'orange',
    title: code && i18n.exists(`errors:titles.${code}`) ? i18n.t(`errors:titles.${code}`) : i18n.t('errors:title'),
    message:
      // The agreement refusal says where to look: the agreement page, which the menu never shows (docs/navigation.md).
      code === 'AGREEMENT_STATUS_FORBIDS' && readsAgreement(getSession())
        ? createElement(
            'span',
            null,
            `${errorMessageOf(error)} `,
            createElement(
              'a',
              { href: paths.myAgreement.getHref(), 'data-testid': 'error-toast-agreement' },
              i18n.t('errors:agreementLink'),
            ),
          )
        : errorMessageOf(error),
    autoClose: TOAST_DURATION_MS,
    'data-testid': 'error-toast',
  });
}

/** A file request's error answer arrives as a Blob: its JSON body is read back, so that its code is known and translated. */
async function readBlobErrorBody(error: unknown) {
  const response = isAxiosError(error) ? error.response : undefined;
  if (!(response?.data instanceof Blob) || !response.data.type.includes('json')) return;
  try {
    response.data = JSON.parse(await response.data.text());
  } catch {
    // Not JSON after all: the status and axios's message say what failed.
  }
}

async function afterFailure(error: unknown) {
  await readBlobErrorBody(error);
  if (isAxiosError(error)) {
    const code = apiErrorCode(error);
    if (error.response?.status === 503 && code === 'MAINTENANCE') notifyMaintenance();
    const sentToken = !!error.config?.headers?.Authorization;
    if (sentToken && (code === 'UNAUTHENTICATED' || code === 'INVALID_REFRESH_TOKEN')) endSession('unauthenticated');
    if (error.config?.silent) return Promise.reject(error);
  }
  notifyError(error);
  return Promise.reject(error);
}

apiClient.interceptors.request.use(beforeRequest);
apiClient.interceptors.response.use((response) => response, afterFailure);
