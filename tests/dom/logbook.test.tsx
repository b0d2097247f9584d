import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { LogbookView } from '@/features/post-flights/components/logbook-view';
import { createQueryClient } from '@/lib/query-client';
import type { Logbook } from '@/shared/contracts/logbook';
import { mockApi, resetApp, signInWith } from './helpers';

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
  afterEach(resetApp);

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
  });
});
