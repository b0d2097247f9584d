import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { endSession, getSession, restoreSession, startSession, subscribeSession, STORAGE_KEYS } from '@/lib/session';
import type { LoginResult } from '@/shared/contracts/auth';
import { fakeJwt, loginResponse, mockApi, renderApp, resetApp } from './helpers';

const nowS = () => Math.floor(Date.now() / 1000);

describe('session (spec §3, §4)', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await resetApp();
  });

  it('stores name, e-mail, supervision, homepage, token, expiry and lang at login', () => {
    const response = loginResponse(['PILOT_LIST'], { supervision: 'pilot-3', homepage: 'live', lang: 'fr' });

    startSession(response);

    expect(localStorage.getItem(STORAGE_KEYS.name)).toBe('Jane Doe');
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBe('jane.doe@operator.test');
    expect(localStorage.getItem(STORAGE_KEYS.supervision)).toBe('pilot-3');
    expect(localStorage.getItem(STORAGE_KEYS.homepage)).toBe('live');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(response.token);
    expect(localStorage.getItem(STORAGE_KEYS.expiry)).toBe(String(response.expiredAt * 1000));
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('fr');
    expect(getSession()?.rights.has('PILOT_LIST')).toBe(true);
  });

  it('logs the user out automatically when the token expires', () => {
    vi.useFakeTimers();
    const ended = vi.fn();
    subscribeSession((session, reason) => !session && ended(reason));
    startSession(loginResponse(['PILOT_LIST'], { expiredAt: nowS() + 60 }));

    vi.advanceTimersByTime(59_000);
    expect(getSession()).not.toBeNull();

    vi.advanceTimersByTime(2_000);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(ended).toHaveBeenCalledWith('expired');
  });

  it('re-arms the timer on refresh so the new expiry counts', () => {
    vi.useFakeTimers();
    startSession(loginResponse(['PILOT_LIST'], { expiredAt: nowS() + 60 }));
    startSession(loginResponse(['PILOT_LIST'], { expiredAt: nowS() + 600 }));

    vi.advanceTimersByTime(120_000);

    expect(getSession()).not.toBeNull();
  });

  it('signs in again on start from an unexpired stored token whose rights can be read', () => {
    const expiry = Date.now() + 3_600_000;
    localStorage.setItem('token', fakeJwt({ sub: 'user-5', rights: ['MACHINE_LIST', 'UNKNOWN_RIGHT'] }));
    localStorage.setItem('expiry', String(expiry));
    localStorage.setItem('name', 'Rita Restored');
    localStorage.setItem('homepage', 'replay');

    const session = restoreSession();

    expect(session?.rights).toEqual(new Set(['MACHINE_LIST']));
    expect(session?.userId).toBe('user-5');
    expect(session?.homepage).toBe('replay');
    expect(session?.name).toBe('Rita Restored');
  });

  it('clears the stored session on start when the token has expired', () => {
    localStorage.setItem('token', fakeJwt({ sub: 'user-5', rights: ['MACHINE_LIST'] }));
    localStorage.setItem('expiry', String(Date.now() - 1000));
    localStorage.setItem('name', 'Old Name');

    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('name')).toBeNull();
  });

  it('clears the stored session on start when the roles cannot be read from the token', () => {
    localStorage.setItem('token', 'not-a-jwt');
    localStorage.setItem('expiry', String(Date.now() + 3_600_000));

    expect(restoreSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the chosen language after logout', () => {
    startSession(loginResponse([], { lang: 'fr' }));

    endSession('logout');

    expect(localStorage.getItem('lang')).toBe('fr');
    expect(localStorage.getItem('email')).toBeNull();
  });

  it('leaves the back office for the login screen with a session-expired notice at expiry', async () => {
    const refresh: { answer?: LoginResult } = {};
    // The server keeps answering refreshes with the same expiry: only the timer can end this session.
    const api = mockApi((request) =>
      request.url === 'security/gjrt' && refresh.answer ? { status: 201, data: refresh.answer } : undefined,
    );
    // The back office is drawn first, however long a busy machine takes (two hours: no refresh before it is drawn);
    // then the session is two seconds from its end.
    startSession(loginResponse(['PILOT_LIST'], { expiredAt: nowS() + 7200 }));
    const { router } = renderApp('/backoffice/dashboard');
    await screen.findByTestId('screen-dashboard');
    refresh.answer = loginResponse(['PILOT_LIST'], { expiredAt: nowS() + 2 });
    startSession(refresh.answer);
    expect(getSession()).not.toBeNull();
    // A call this close to the expiry refreshes the token first.
    await apiClient.get('account', { silent: true }).catch(() => undefined);

    expect(await screen.findByTestId('session-expired')).toHaveTextContent('Your session has expired. Please sign in again.');
    expect(router.state.location.pathname).toBe('/login');
    expect(api.to('POST', 'security/gjrt').length).toBeGreaterThan(0);
  });

  it('leaves the back office for the login screen when a refresh fails', async () => {
    mockApi((request) =>
      request.url === 'security/gjrt' ? { status: 401, data: { code: 'INVALID_REFRESH_TOKEN', message: 'x' } } : undefined,
    );
    startSession(loginResponse(['PILOT_LIST'], { expiredAt: nowS() + 600 }));

    const { router } = renderApp('/backoffice/dashboard');

    expect(await screen.findByTestId('session-expired')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
  });
});
