import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyBytes, PUSH_WORKER_URL, usePushRegistration } from '@/features/push/hooks/use-push-registration';
import type { Violation } from '@/shared/contracts/alerts';
import { changeLanguage } from '@/lib/i18n';
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
  it("draws the episode chosen in the list, else the e-mail's, with its path and area, in English and French", async () => {
    const mission = { id: 'm-1', title: 'Campus photogrammetry', references: ['AG-2026-000042'] };
    const track = {
      positions: [
        { time: '2026-06-15T08:00:00.000Z', latitude: 48.71, longitude: 2.17, heightM: 150 },
        { time: '2026-06-15T08:00:05.000Z', latitude: 48.711, longitude: 2.171, heightM: 152 },
      ],
      truncated: false,
      area: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [2.16, 48.7],
              [2.18, 48.7],
              [2.18, 48.72],
              [2.16, 48.7],
            ],
          ],
        ],
      },
    };
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === 'violations') {
        return page([episode(), episode({ id: 'v-2', alert: null, rule: 'area', missionId: 'm-1', mission })]);
      }
      if (request.method === 'GET' && request.url === 'violations/v-1/track') return { status: 200, data: { ...track, area: null } };
      if (request.method === 'GET' && request.url === 'violations/v-2/track') return { status: 200, data: track };
      return undefined;
    });
    signInWith(['PREFLIGHT_LIST']);
    renderApp('/backoffice/violations?id=v-1');

    const map = await screen.findByTestId('violation-map');
    await waitFor(() => expect(map).toHaveAttribute('data-track-positions', '2'));
    expect(map).toHaveAttribute('data-selected', 'v-1');
    expect(map).toHaveAttribute('data-area', 'none');
    expect(screen.getByTestId('violation-map-legend')).toHaveTextContent('Episode of DRN-7: 2 positions drawn');
    expect(screen.getByTestId('violation-map-legend')).toHaveTextContent('The area is not shown to you.');

    const [, second] = screen.getAllByTestId('violation-show-on-map');
    await userEvent.click(second!);
    await waitFor(() => expect(map).toHaveAttribute('data-area', 'mission'));
    expect(map).toHaveAttribute('data-selected', 'v-2');
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(api.to('GET', 'violations/v-2/track')).toHaveLength(1);

    await changeLanguage('fr');
    expect(await screen.findByTestId('violation-map-legend')).toHaveTextContent('Épisode de DRN-7 : 2 positions dessinées');
    expect(screen.getByTestId('violation-map-legend')).toHaveTextContent('En bleu : la zone de la mission.');

    await userEvent.click(screen.getAllByTestId('violation-show-on-map')[1]!);
    expect(map).not.toHaveAttribute('data-selected');
    expect(screen.queryByTestId('violation-map-legend')).not.toBeInTheDocument();
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
