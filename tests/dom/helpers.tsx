import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { notifications } from '@mantine/notifications';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { discoverRoutes, routes } from '@/app/router';
import { clearTakeoffs } from '@/features/flights/takeoff-store';
import { apiClient } from '@/lib/api-client';
import { changeLanguage, i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { endSession, startSession } from '@/lib/session';
import type { LoginResult } from '@/shared/contracts/auth';
import type { StatusResult } from '@/shared/contracts/system';
import {
  ADMIN_RIGHTS,
  AIRSPACE_MANAGER_RIGHTS,
  OPERATOR_RIGHTS,
  SUPERVISED_PILOT_RIGHTS,
  toRole,
  type Right,
} from '@/shared/domain/rights';

export const DEVICES_DOMAIN = 'aerogate-devices.test';

function base64Url(value: unknown) {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the claims the server puts in (sub, email, rights, exp). */
export function fakeJwt(claims: Record<string, unknown>) {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

const HOUR_S = 3600;

export function loginResponse(rights: readonly Right[], overrides: Partial<LoginResult> = {}): LoginResult {
  const expiredAt = overrides.expiredAt ?? Math.floor(Date.now() / 1000) + 2 * HOUR_S;
  const email = overrides.email ?? 'jane.doe@operator.test';
  return {
    token: fakeJwt({ sub: 'user-1', email, rights, exp: expiredAt }),
    expiredAt,
    roles: rights.map(toRole),
    name: 'Jane Doe',
    gjrt: 'refresh-1',
    lang: 'en',
    status: 'validated',
    supervision: null,
    email,
    airspaceAdmin: false,
    airspaceAdminId: null,
    homepage: 'dashboard',
    ...overrides,
  };
}

export const PROFILES = {
  admin: { rights: ADMIN_RIGHTS, overrides: { name: 'Ada Admin', email: 'admin@aerogate.test' } },
  operator: { rights: OPERATOR_RIGHTS, overrides: { name: 'Oscar Operator', email: 'operator@operator.test' } },
  supervisedPilot: {
    rights: SUPERVISED_PILOT_RIGHTS,
    overrides: { name: 'Paul Pilot', email: 'pilot@operator.test', supervision: 'pilot-42' },
  },
  airspaceManager: { rights: AIRSPACE_MANAGER_RIGHTS, overrides: { name: 'Mia Manager', email: 'manager@airport.test' } },
} satisfies Record<string, { rights: readonly Right[]; overrides: Partial<LoginResult> }>;

export type ProfileName = keyof typeof PROFILES;

export function signInAs(profile: ProfileName, overrides: Partial<LoginResult> = {}) {
  const { rights, overrides: profileOverrides } = PROFILES[profile];
  return startSession(loginResponse(rights, { ...profileOverrides, ...overrides }));
}

export function signInWith(rights: readonly Right[], overrides: Partial<LoginResult> = {}) {
  return startSession(loginResponse(rights, overrides));
}

export interface RecordedRequest {
  method: string;
  url: string;
  params: Record<string, unknown> | undefined;
  body: unknown;
  authorization: string | undefined;
  silent: boolean;
}

export type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | Error;
type Handler = (request: RecordedRequest) => Reply | Promise<Reply> | undefined;

export const STATUS_OK: StatusResult = { maintenance: false, maintenanceMessage: null, devicesEmailDomain: DEVICES_DOMAIN };

/**
 * Replaces the HTTP layer under the real api client (its interceptors still run) and `fetch` (GET status, read
 * without the api client): each request is recorded and answered by `handler`; GET status answers STATUS_OK unless
 * the handler says otherwise.
 */
/**
 * Outside `mockApi`, the network is unreachable: a request a test did not mock fails as a dropped connection, whatever
 * listens on the test page's origin (jsdom's http://localhost:3000, where `npm start` serves the app).
 */
const offlineAdapter: AxiosAdapter = (config) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
const offlineFetch: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
apiClient.defaults.adapter = offlineAdapter;
globalThis.fetch = offlineFetch;

export function mockApi(handler: Handler = () => undefined) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: (config.url ?? '').replace(/^\/+/, ''),
      params: config.params as Record<string, unknown> | undefined,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: headers.get('Authorization')?.toString(),
      silent: !!config.silent,
    };
    requests.push(request);
    let reply = await handler(request);
    if (!reply && request.method === 'GET' && request.url === 'status') reply = { status: 200, data: STATUS_OK };
    reply ??= { status: 404, data: { code: 'NOT_FOUND', message: `No mock for ${request.method} ${request.url}` } };
    if (reply instanceof AxiosError) {
      // Real adapters attach the request's config to their errors (the silent flag travels on it).
      reply.config ??= config;
      throw reply;
    }
    if (reply instanceof Error) throw reply;
    const response: AxiosResponse = {
      data: reply.data ?? '',
      status: reply.status,
      statusText: '',
      headers: reply.headers ?? {},
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  apiClient.defaults.adapter = adapter;
  globalThis.fetch = async (input, init) => {
    const request: RecordedRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: String(input instanceof Request ? input.url : input).replace(/^(https?:\/\/[^/]+)?\/api\/+/, ''),
      params: undefined,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: undefined,
      silent: true,
    };
    requests.push(request);
    let reply = await handler(request);
    if (!reply && request.method === 'GET' && request.url === 'status') reply = { status: 200, data: STATUS_OK };
    reply ??= { status: 404, data: { code: 'NOT_FOUND', message: `No mock for ${request.method} ${request.url}` } };
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.data ?? ''), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  };
  return {
    requests,
    to: (method: string, url: string) => requests.filter((request) => request.method === method && request.url === url),
  };
}

export function networkError(message = 'Network Error') {
  return new AxiosError(message, AxiosError.ERR_NETWORK);
}

/** The whole application (router, layouts, lazy screens) on a memory history. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: discoverRoutes });
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

export async function resetApp() {
  cleanup();
  endSession('logout');
  clearTakeoffs();
  notifications.clean();
  localStorage.clear();
  apiClient.defaults.adapter = offlineAdapter;
  globalThis.fetch = offlineFetch;
  await changeLanguage('en');
}

/**
 * Types a day and a time into the `DateTimeInput` labelled `label`, as a user would, replacing what it held: the day in
 * the reader's format ("12/01/2026" in jsdom's en-US, "01/12/2026" in French), the time's keys ("1000a", "1000").
 */
export async function typeDateTime(label: string, day: string, time: string, container?: HTMLElement) {
  const scope = container ? within(container) : screen;
  const dayInput = scope.getByRole('textbox', { name: i18n.t('dates:dayOf', { field: label }) });
  await userEvent.clear(dayInput);
  await userEvent.type(dayInput, day);
  const hours = scope.getByRole('spinbutton', { name: i18n.t('dates:hoursOf', { field: label }) });
  if ((hours as HTMLInputElement).value) {
    await userEvent.click(hours);
    await userEvent.keyboard('{Backspace}');
  }
  await userEvent.type(hours, time);
}
