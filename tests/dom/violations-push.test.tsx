import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyBytes, PUSH_WORKER_URL, usePushRegistration } from '@/features/push/hooks/use-push-registration';
import type { Violation } from '@/shared/contracts/alerts';
import { mockApi, renderApp, resetApp, signInWith } from './helpers';

const page = (items: unknown[]) => ({ status: 200, data: { items, total: items.length, page: 1, pageSize: 20 } });

function episode(overrides: Partial<Violation> = {}): Violation {
  return {
    id: 'v-1',
    alert: { id: 'a-1', name: 'Hospital', type: 'height' },
    rule: null,
    ident: 'DRN-7',
    source: 'wi',
    missionId: null,
    mission: null,
    userId: null,
    startedAt: '2026-06-15T08:00:00.000Z',
    endedAt: null,
    lastAt: '2026-06-15T08:04:00.000Z',
    latitude: 48.71,
    longitude: 2.17,
    heightM: 152,
    worstValue: 32.4,
    positionCount: 17,
    ...overrides,
  };
}

describe('violations screen', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await resetApp();
  });

  it('lists episodes with their state, worst value and positions, and filters by alert and state', async () => {
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === 'alerts') return page([{ id: 'a-1', name: 'Hospital', type: 'height' }]);
      if (request.method === 'GET' && request.url === 'violations') {
        return page([episode(), episode({ id: 'v-2', endedAt: '2026-06-14T10:00:00.000Z', worstValue: null, positionCount: 1 })]);
      }
      return undefined;
    });
    signInWith(['VIOLATION_LIST_ADMIN', 'ALERT_LIST_ADMIN']);
    renderApp('/backoffice/violations');

    const rows = await screen.findAllByTestId('violation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ongoing')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('32 m above the limit');
    expect(rows[0]).toHaveTextContent('17');
    expect(rows[1]).not.toHaveTextContent('Ongoing');

    await userEvent.selectOptions(screen.getByTestId('violation-state-filter'), 'open');
    await userEvent.selectOptions(await screen.findByTestId('violation-alert-filter'), 'a-1');
    await waitFor(() =>
      expect(api.to('GET', 'violations').at(-1)?.params).toMatchObject({ state: 'open', alertId: 'a-1', sort: 'startedAt', order: 'desc' }),
    );
  });

  it("shows a manager his flights' episodes with their request reference, without the alerts he may not read, and exports them", async () => {
    const mission = { id: 'm-1', title: 'Campus photogrammetry', references: ['AG-2026-000042'] };
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === 'violations') return page([episode({ missionId: 'm-1', mission })]);
      if (request.method === 'GET' && request.url === 'violations/csv') return { status: 200, data: new Blob(['ident\r\nDRN-7\r\n']) };
      return undefined;
    });
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:violations';
        static override revokeObjectURL = () => undefined;
      },
    );
    signInWith(['PREFLIGHTPROCEDURE_LIST']);
    renderApp('/backoffice/violations?state=open');

    const [row] = await screen.findAllByTestId('violation-row');
    expect(within(row!).getByRole('link', { name: 'AG-2026-000042' })).toHaveAttribute(
      'href',
      '/backoffice/procedures?search=AG-2026-000042',
    );
    expect(row).toHaveTextContent('Campus photogrammetry');
    expect(screen.queryByTestId('violation-alert-filter')).not.toBeInTheDocument();
    expect(api.to('GET', 'alerts')).toHaveLength(0);
    expect(screen.getByTestId('violation-map')).toHaveAttribute('data-points', '1');

    await userEvent.click(screen.getByTestId('violation-csv'));
    await waitFor(() => expect(api.to('GET', 'violations/csv').at(-1)?.params).toMatchObject({ state: 'open', sort: 'startedAt' }));
  });
});

describe('push registration', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await resetApp();
  });

  it('turns the base64url VAPID key into its bytes', () => {
    expect([...keyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });

  it('asks for the notification permission on load and, once granted for a signed-in user, registers the subscription', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    const notification = { permission: 'default' as NotificationPermission, requestPermission };
    requestPermission.mockImplementation(async () => {
      notification.permission = 'granted';
      return 'granted';
    });
    const subscription = {
      toJSON: () => ({ endpoint: 'https://push.example.test/abc', keys: { p256dh: 'BKey', auth: 'secret' } }),
    };
    const subscribe = vi.fn(async () => subscription);
    const register = vi.fn(async () => ({ pushManager: { getSubscription: async () => null, subscribe } }));
    let onchange: (() => void) | null = null;
    vi.stubGlobal('Notification', notification);
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    Object.defineProperty(navigator, 'permissions', {
      value: {
        query: async () => ({
          set onchange(listener: (() => void) | null) {
            onchange = listener;
          },
        }),
      },
      configurable: true,
    });
    const api = mockApi((request) => {
      if (request.url === 'push/key') return { status: 200, data: { publicKey: 'AQID' } };
      if (request.url === 'push/subscriptions') return { status: 201, data: { id: 's-1', device: null, createdAt: '' } };
      return undefined;
    });
    signInWith([]);

    renderHook(() => usePushRegistration());
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(onchange).not.toBeNull());
    onchange!();

    await waitFor(() => expect(api.to('POST', 'push/subscriptions')).toHaveLength(1));
    expect(register).toHaveBeenCalledWith(PUSH_WORKER_URL);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
    expect(api.to('POST', 'push/subscriptions')[0]!.body).toMatchObject({
      endpoint: 'https://push.example.test/abc',
      keys: { p256dh: 'BKey', auth: 'secret' },
    });
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    delete (navigator as { permissions?: unknown }).permissions;
  });
});
