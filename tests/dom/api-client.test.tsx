import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationsStore } from '@mantine/notifications';
import { AppProvider } from '@/app/provider';
import { apiClient } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { endSession, getSession } from '@/lib/session';
import { TOKEN_REFRESH_THRESHOLD_MS } from '@/shared/domain/limits';
import { loginResponse, mockApi, networkError, resetApp, signInWith } from './helpers';

const nowS = () => Math.floor(Date.now() / 1000);
const MINUTE_S = 60;

function expiringIn(seconds: number) {
  return signInWith(['PILOT_LIST'], { expiredAt: nowS() + seconds, gjrt: 'old-refresh' });
}

function refreshedSession() {
  return loginResponse(['PILOT_LIST'], { token: 'rotated-token', gjrt: 'new-refresh', expiredAt: nowS() + 2 * 3600 });
}

describe('api client: token refresh before requests (spec §7)', () => {
  afterEach(resetApp);

  it('refreshes first when the stored expiry is less than 30 minutes away, then sends the request with the new token', async () => {
    expiringIn(10 * MINUTE_S);
    const api = mockApi((request) => {
      if (request.url === 'security/gjrt') return { status: 201, data: refreshedSession() };
      if (request.url === 'account') return { status: 200, data: { id: 'user-1' } };
      return undefined;
    });

    await apiClient.get('account');

    expect(api.requests.map((request) => request.url)).toEqual(['security/gjrt', 'account']);
    expect(api.requests[0].body).toEqual({ gjrt: 'old-refresh' });
    expect(api.requests[1].authorization).toBe('Bearer rotated-token');
    expect(getSession()?.gjrt).toBe('new-refresh');
    expect(localStorage.getItem('token')).toBe('rotated-token');
  });

  it('shares one refresh between concurrent requests (the gjrt is single use)', async () => {
    expiringIn(5 * MINUTE_S);
    const api = mockApi((request) => {
      if (request.url === 'security/gjrt') return { status: 201, data: refreshedSession() };
      return { status: 200, data: {} };
    });

    await Promise.all([apiClient.get('account'), apiClient.get('users'), apiClient.get('outbox')]);

    expect(api.to('POST', 'security/gjrt')).toHaveLength(1);
    expect(api.requests.filter((request) => request.url !== 'security/gjrt').every((r) => r.authorization === 'Bearer rotated-token')).toBe(
      true,
    );
  });

  it('keeps a session ended while its refresh was in flight ended: the rotated token is not stored again', async () => {
    expiringIn(5 * MINUTE_S);
    mockApi((request) => {
      if (request.url === 'security/gjrt') {
        endSession('expired');
        return { status: 201, data: refreshedSession() };
      }
      return { status: 200, data: {} };
    });

    await expect(apiClient.get('account')).rejects.toThrow();

    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('does not refresh when the expiry is further than 30 minutes away', async () => {
    const session = expiringIn(TOKEN_REFRESH_THRESHOLD_MS / 1000 + 5 * MINUTE_S);
    const api = mockApi(() => ({ status: 200, data: {} }));

    await apiClient.get('account');

    expect(api.requests.map((request) => request.url)).toEqual(['account']);
    expect(api.requests[0].authorization).toBe(`Bearer ${session.token}`);
  });

  it('never refreshes before security/login nor before security/gjrt itself', async () => {
    expiringIn(MINUTE_S);
    const api = mockApi((request) => ({ status: 201, data: request.url === 'security/gjrt' ? refreshedSession() : loginResponse([]) }));

    await apiClient.post('security/login', { email: 'a@b.test', password: 'x' });
    await apiClient.post('/security/gjrt', { gjrt: 'old-refresh' });

    expect(api.requests.map((request) => request.url)).toEqual(['security/login', 'security/gjrt']);
  });

  it('logs the user out when the refresh fails, and the request is not sent', async () => {
    expiringIn(MINUTE_S);
    const api = mockApi((request) =>
      request.url === 'security/gjrt'
        ? { status: 401, data: { code: 'INVALID_REFRESH_TOKEN', message: 'Invalid refresh token' } }
        : undefined,
    );

    await expect(apiClient.get('account')).rejects.toThrow();

    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(api.to('GET', 'account')).toHaveLength(0);
  });

  it('sends no bearer header when signed out', async () => {
    const api = mockApi(() => ({ status: 200, data: {} }));

    await apiClient.get('status');

    expect(api.requests[0].authorization).toBeUndefined();
  });
});

describe('api client: error toasts (spec §8)', () => {
  afterEach(resetApp);

  function renderToasts() {
    render(
      <AppProvider queryClient={createQueryClient()}>
        <div />
      </AppProvider>,
    );
  }

  async function toastFor(reply: Parameters<typeof mockApi>[0], title = 'Something went wrong') {
    renderToasts();
    mockApi(reply);
    await expect(apiClient.get('account')).rejects.toBeDefined();
    const toast = await screen.findByTestId('error-toast');
    expect(toast).toHaveTextContent(title);
    return toast;
  }

  it('links the agreement refusal to the agreement page, which the menu does not show', async () => {
    const toast = await toastFor(() => ({ status: 403, data: { code: 'AGREEMENT_STATUS_FORBIDS', message: 'Agreement status forbids' } }));

    expect(toast).toHaveTextContent('Your agreement status does not allow you to do this action.');
    expect(within(toast).getByRole('link', { name: 'See my agreement' })).toHaveAttribute('href', '/backoffice/myagreement');
  });

  it('shows the translated code first', async () => {
    const toast = await toastFor(() => ({ status: 401, data: { code: 'INVALID_CREDENTIALS', message: 'Bad credentials (server text)' } }));

    expect(toast).toHaveTextContent('Invalid email or password');
    expect(toast).not.toHaveTextContent('server text');
  });

  it('falls back to the server message when the code is unknown', async () => {
    const toast = await toastFor(() => ({ status: 409, data: { code: 'SOMETHING_NEW', message: 'The server explains it' } }));

    expect(toast).toHaveTextContent('The server explains it');
  });

  it('falls back to the client error message when there is no answer', async () => {
    const toast = await toastFor(() => networkError('Network Error'));

    expect(toast).toHaveTextContent('Network Error');
  });

  it('falls back to the unexpected-error text when nothing else says what happened', async () => {
    const toast = await toastFor(() => networkError(''));

    expect(toast).toHaveTextContent('An unexpected error occurred. Please try again.');
  });

  it('shows one toast for one failure repeated (parallel calls or a retry), and the newest error in place of older ones', async () => {
    renderToasts();
    mockApi((request) =>
      request.url === 'users'
        ? { status: 403, data: { code: 'NOT_ALLOWED', message: 'Not allowed' } }
        : { status: 500, data: { code: 'INTERNAL', message: 'Server failure' } },
    );

    // Mantine's store holds what the container shows and queues (jsdom never ends the exit transition of an element).
    const messages = () =>
      [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map((toast) => toast.message);
    await Promise.all([expect(apiClient.get('account')).rejects.toBeDefined(), expect(apiClient.get('account')).rejects.toBeDefined()]);
    await waitFor(() => expect(messages()).toEqual(['Server failure']));
    for (let attempt = 0; attempt < 3; attempt += 1) await expect(apiClient.get('account')).rejects.toBeDefined();
    await expect(apiClient.get('users')).rejects.toBeDefined();

    await waitFor(() => expect(messages()).toEqual(['You are not allowed to do this.']));
  });

  it("shows toasts at the bottom left, away from the editor's Save button and the page actions at the top right", async () => {
    const toast = await toastFor(() => ({ status: 500, data: { code: 'INTERNAL', message: 'Server failure' } }));

    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-left');
  });

  it("names a toast's close button for screen readers", async () => {
    const toast = await toastFor(() => ({ status: 500, data: { code: 'INTERNAL', message: 'Server failure' } }));

    expect(within(toast.closest('.mantine-Notification-root')!).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('stays silent for requests flagged silent (takeoff, landing, traffic)', async () => {
    renderToasts();
    mockApi(() => networkError());

    await expect(apiClient.post('preflights/takeoff', { preFlightId: 'm-1' }, { silent: true })).rejects.toBeDefined();
    await expect(apiClient.get('account')).rejects.toBeDefined();

    await waitFor(() => expect(screen.getAllByTestId('error-toast')).toHaveLength(1));
  });

  it('translates the toast into French when the interface is French', async () => {
    const { changeLanguage } = await import('@/lib/i18n');
    await changeLanguage('fr');

    const toast = await toastFor(
      () => ({ status: 403, data: { code: 'AGREEMENT_STATUS_FORBIDS', message: 'x' } }),
      'Une erreur est survenue',
    );

    expect(toast).toHaveTextContent('Le statut de votre agrément ne vous permet pas d’effectuer cette action.');
  });
});
