import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { MissionNotifications } from '@/features/notifications/components/mission-notifications';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { MissionNotifications as Notifications, NotificationDetail } from '@/shared/contracts/notifications';
import { mockApi, resetApp, signInAs } from './helpers';

const MISSION = '22222222-2222-4222-8222-222222222222';
const BASE = `preflights/${MISSION}/notifications`;

function sent(overrides: Partial<NotificationDetail> = {}): NotificationDetail {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    missionId: MISSION,
    type: 'prefecture',
    status: 'sent',
    date: '2099-07-01',
    time: '10:00',
    armyTimeRange: null,
    opensAt: null,
    closesAt: '2099-07-01T08:00:00.000Z',
    sentAt: '2099-06-15T08:00:00.000Z',
    canceledAt: null,
    externalId: 'PREF-42',
    revision: 0,
    attempts: 0,
    lastError: null,
    calls: [{ at: '2099-06-15T08:00:00.000Z', kind: 'send', outcome: 'ok' }],
    allowedActions: ['update', 'cancel'],
    createdAt: '2099-06-15T08:00:00.000Z',
    ...overrides,
  };
}

function renderTab() {
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <MissionNotifications missionId={MISSION} />
    </AppProvider>,
  );
}

describe('the mission notification tab', () => {
  afterEach(resetApp);

  it('says the tabs must be validated first and disables filing', async () => {
    signInAs('operator');
    mockApi((request) =>
      request.url === BASE
        ? { status: 200, data: { required: ['prefecture'], tabsValidated: false, items: [] } satisfies Notifications }
        : undefined,
    );

    renderTab();

    expect(await screen.findByTestId('notifications-tabs-not-validated')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify: prefecture declaration' })).toBeDisabled();
  });

  it('files the notification the verdict calls for', async () => {
    signInAs('operator');
    let items: NotificationDetail[] = [];
    const api = mockApi((request) => {
      if (request.method === 'POST' && request.url === BASE) {
        items = [sent()];
        return { status: 201, data: items[0] };
      }
      return request.url === BASE ? { status: 200, data: { required: ['prefecture'], tabsValidated: true, items } } : undefined;
    });

    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Notify: prefecture declaration' }));

    const card = await screen.findByTestId('notification-prefecture');
    expect(api.to('POST', BASE).map((request) => request.body)).toEqual([{ type: 'prefecture' }]);
    expect(within(card).getByTestId('notification-status')).toHaveTextContent('Sent');
    expect(within(card).getByText('Authority reference: PREF-42')).toBeInTheDocument();
    expect(within(card).getByTestId('notification-flight')).toHaveTextContent('Flight on July 1, 2099 at 10:00 (Paris time)');
    expect(within(card).queryByTestId('notification-army-time-range')).not.toBeInTheDocument();
  });

  it('cancels only after confirmation, and shows the translated error when the authority is unavailable', async () => {
    signInAs('operator');
    const api = mockApi((request) => {
      if (request.method === 'POST' && request.url === `${BASE}/${sent().id}/cancel`)
        return { status: 503, data: { code: 'EXTERNAL_SERVICE_UNAVAILABLE', message: 'down' } };
      return request.url === BASE ? { status: 200, data: { required: ['prefecture'], tabsValidated: true, items: [sent()] } } : undefined;
    });

    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the notification' }));
    expect(api.to('POST', `${BASE}/${sent().id}/cancel`)).toHaveLength(0);
    await userEvent.click(await screen.findByTestId('confirm-yes'));

    await waitFor(() => expect(api.to('POST', `${BASE}/${sent().id}/cancel`)).toHaveLength(1));
    expect(await screen.findByText('The external notification service is unavailable. Please try again later.')).toBeInTheDocument();
  });

  it('shows a scheduled military notification with its window and the failed attempts, in French', async () => {
    await changeLanguage('fr');
    signInAs('operator');
    const scheduled = sent({
      type: 'army',
      status: 'scheduled',
      armyTimeRange: { from: '10:00', to: '12:00' },
      opensAt: '2099-06-29T02:00:00.000Z',
      closesAt: '2099-07-01T02:00:00.000Z',
      sentAt: null,
      externalId: null,
      attempts: 2,
      lastError: 'The notification service answered 503',
      calls: [],
      allowedActions: ['send', 'cancel'],
    });
    mockApi((request) =>
      request.url === BASE ? { status: 200, data: { required: ['army'], tabsValidated: true, items: [scheduled] } } : undefined,
    );

    renderTab();

    const card = await screen.findByTestId('notification-army');
    expect(within(card).getByTestId('notification-status')).toHaveTextContent('Programmée');
    expect(within(card).getByText(/^Ouverture dans/)).toBeInTheDocument();
    expect(within(card).getByTestId('notification-error')).toHaveTextContent('Les 2 derniers appels ont échoué');
    expect(within(card).getByTestId('notification-flight')).toHaveTextContent('Vol le 1 juillet 2099 à 10:00 (heure de Paris)');
    expect(within(card).getByTestId('notification-army-time-range')).toHaveTextContent(
      'Plage horaire armée : de 10:00 à 12:00 (heure de Paris)',
    );
  });
});
