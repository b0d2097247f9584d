import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { LogbookView } from '@/features/post-flights/components/logbook-view';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { Logbook } from '@/shared/contracts/logbook';
import { mockApi, resetApp, signInWith } from './helpers';

const OLGA = '44444444-4444-4444-8444-444444444444';
const LOGBOOK: Logbook = {
  entries: [
    {
      missionId: '22222222-2222-4222-8222-222222222222',
      missionTitle: 'Field mapping',
      date: '2026-06-02T08:00:00.000Z',
      pilots: [{ id: 'p1', name: 'Paula Pilot' }],
      machines: [{ id: 'm1', name: 'Mapper 1' }],
      activity: null,
      minutes: 30,
      minutesFrom: 'flights',
    },
  ],
  byPilot: [{ id: 'p1', name: 'Paula Pilot', flights: 1, minutes: 30 }],
  byMachine: [{ id: 'm1', name: 'Mapper 1', flights: 1, minutes: 30 }],
  total: { flights: 1, minutes: 30 },
};

describe('the logbook', () => {
  afterEach(async () => {
    await resetApp();
    await changeLanguage('en');
  });

  it('shows the totals per pilot and machine and asks again for the chosen period', async () => {
    signInWith(['JOURNEY_LIST']);
    const api = mockApi((request) => (request.method === 'GET' && request.url === 'logbook' ? { status: 200, data: LOGBOOK } : undefined));
    render(
      <AppProvider queryClient={createQueryClient()}>
        <MemoryRouter>
          <LogbookView />
        </MemoryRouter>
      </AppProvider>,
    );

    expect(await screen.findByTestId('logbook-total')).toHaveTextContent('1 flight, 30 minutes in all.');
    expect(within(screen.getByTestId('logbook-pilots')).getByText('Paula Pilot')).toBeInTheDocument();
    expect(within(screen.getByTestId('logbook-machines')).getByText('Mapper 1')).toBeInTheDocument();
    expect(within(screen.getByTestId('logbook-entries')).getByRole('link', { name: 'Field mapping' })).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('logbook-from'), '2026-06-01');

    expect(api.requests.at(-1)?.params).toEqual({ from: '2026-06-01' });
    expect(screen.queryByTestId('logbook-account')).not.toBeInTheDocument();
  });

  for (const [language, texts] of [
    ['en', { account: 'Account', own: 'My account (Ada Admin)', csv: 'Download the CSV' }],
    ['fr', { account: 'Compte', own: 'Mon compte (Ada Admin)', csv: 'Télécharger le CSV' }],
  ] as const) {
    it(`[${language}] lets an administrator search an account, reads its logbook and downloads its CSV, their own at first`, async () => {
      signInWith(['JOURNEY_LIST_ADMIN'], { name: 'Ada Admin', lang: language });
      await changeLanguage(language);
      const olga = { id: OLGA, email: 'olga@operator.test', firstName: 'Olga', lastName: 'Operator' };
      const api = mockApi((request) => {
        if (request.url === 'logbook') return { status: 200, data: LOGBOOK };
        if (request.url === 'logbook/accounts') return { status: 200, data: request.params?.search === 'olg' ? [olga] : [] };
        if (request.url === 'logbook/csv') return { status: 200, data: new Blob(['date\r\n']) };
        return undefined;
      });
      URL.createObjectURL = vi.fn(() => 'blob:logbook');
      URL.revokeObjectURL = vi.fn();
      render(
        <AppProvider queryClient={createQueryClient()}>
          <MemoryRouter>
            <LogbookView />
          </MemoryRouter>
        </AppProvider>,
      );

      const account = await screen.findByTestId('logbook-account');
      expect(account).toHaveAccessibleName(texts.account);
      expect(account).toHaveValue(texts.own);
      await screen.findByTestId('logbook-total');
      const reads = () => api.requests.filter((request) => request.url === 'logbook').map((request) => request.params?.userId);
      expect(reads()).toEqual(['user-1']);

      await userEvent.clear(account);
      await userEvent.type(account, 'olg');
      await userEvent.click(await screen.findByText('Operator Olga <olga@operator.test>'));

      await waitFor(() => expect(reads().at(-1)).toBe(OLGA));
      expect(api.requests.some((request) => request.url === 'logbook/accounts' && request.params?.search === 'olg')).toBe(true);
      expect(account).toHaveValue('Operator Olga <olga@operator.test>');
      await userEvent.click(screen.getByRole('button', { name: texts.csv }));
      await waitFor(() => expect(api.requests.find((request) => request.url === 'logbook/csv')?.params).toEqual({ userId: OLGA }));
    });
  }
});
