import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import type { MissionSummary } from '@/shared/contracts/missions';
import { mockApi, renderApp, resetApp, signInAs, type RecordedRequest } from './helpers';

function mission(index: number, overrides: Partial<MissionSummary> = {}): MissionSummary {
  return {
    id: `m-${index}`,
    ownerId: 'user-1',
    title: `Survey ${index}`,
    status: 'initiated',
    referentPilot: { id: 'p-1', firstName: 'Pat', lastName: 'Pilot' },
    mainMachine: { id: 'd-1', internalName: 'Hawk', serialNumber: 'SN-1' },
    maxHeightM: 100,
    areaKm2: 0.5,
    startAt: '2026-12-01T09:00:00.000Z',
    endAt: '2026-12-01T11:00:00.000Z',
    country: 'FR',
    allowedActions: ['duplicate', 'cancel'],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function page(items: MissionSummary[]) {
  return { status: 200, data: { items, total: items.length, page: 1, pageSize: 20 } };
}

const missionRequests = (api: { to: (method: string, url: string) => RecordedRequest[] }) => api.to('GET', 'preflights');

describe('missions list', () => {
  afterEach(resetApp);

  it('lists the missions with their status and a link to the editor, and a new mission button', async () => {
    const api = mockApi((request) =>
      request.url === 'preflights'
        ? page([mission(1), mission(2, { status: 'validated', startAt: null, endAt: null, referentPilot: null })])
        : undefined,
    );
    signInAs('operator');
    renderApp('/backoffice/preflights');

    const rows = await screen.findAllByTestId('mission-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('mission-status')).toHaveTextContent('Initiated');
    expect(within(rows[1]).getByTestId('mission-status')).toHaveTextContent('Validated');
    expect(within(rows[0]).getByRole('link', { name: 'Survey 1' })).toHaveAttribute('href', '/backoffice/preflights/edit/m-1');
    expect(rows[0]).toHaveTextContent('Pat Pilot');
    expect(rows[0]).toHaveTextContent('Hawk');
    expect(screen.getByTestId('mission-add')).toHaveAttribute('href', '/backoffice/preflights/add');
    expect(missionRequests(api)[0].params).toMatchObject({ page: 1, pageSize: 20, sort: 'startAt', order: 'asc' });
    expect(screen.queryByTestId('mission-owner')).not.toBeInTheDocument();
  });

  it('shows the empty state when no mission matches', async () => {
    mockApi((request) => (request.url === 'preflights' ? page([]) : undefined));
    signInAs('operator');
    renderApp('/backoffice/preflights');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No mission matches.');
  });

  it('says so when the missions cannot be loaded', async () => {
    mockApi((request) =>
      request.url === 'preflights' ? { status: 403, data: { code: 'NOT_ALLOWED', message: 'Not allowed' } } : undefined,
    );
    signInAs('operator');
    renderApp('/backoffice/preflights');
    expect(await screen.findByText('The missions could not be loaded.')).toHaveAttribute('role', 'alert');
  });

  it('sends the search, several statuses, the date range and the sort to the server', async () => {
    const api = mockApi((request) => (request.url === 'preflights' ? page([mission(1)]) : undefined));
    signInAs('operator');
    renderApp('/backoffice/preflights');
    await screen.findByTestId('mission-row');

    await userEvent.type(screen.getByLabelText(/^Search/), 'bridge');
    await waitFor(() => expect(missionRequests(api).at(-1)?.params).toMatchObject({ search: 'bridge', page: 1 }));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Validated' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'To be validated' }));
    await waitFor(() => expect(missionRequests(api).at(-1)?.params?.status).toEqual(['validated', 'toBeValidated']));

    await userEvent.type(screen.getByLabelText('From'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-12-31');
    await waitFor(() =>
      expect(missionRequests(api).at(-1)?.params).toMatchObject({
        from: new Date(2026, 11, 1, 0, 0, 0).toISOString(),
        to: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(missionRequests(api).at(-1)?.params).toMatchObject({ sort: 'title', order: 'asc' }));
    await userEvent.click(screen.getByRole('button', { name: /^Title/ }));
    await waitFor(() =>
      expect(missionRequests(api).at(-1)?.params).toMatchObject({ sort: 'title', order: 'desc', status: ['validated', 'toBeValidated'] }),
    );
  });

  it('lets an administrator filter by operator, picked among the accounts', async () => {
    const api = mockApi((request) => {
      if (request.url === 'preflights') return page([mission(1)]);
      if (request.url === 'users')
        return {
          status: 200,
          data: {
            items: [{ id: 'u-7', email: 'olivier@operator.test', firstName: 'Olivier', lastName: 'Operator' }],
            total: 1,
            page: 1,
            pageSize: 20,
          },
        };
      return undefined;
    });
    signInAs('admin');
    renderApp('/backoffice/preflights');
    await screen.findByTestId('mission-row');

    await userEvent.click(screen.getByTestId('mission-owner'));
    await userEvent.click(await screen.findByText('Olivier Operator (olivier@operator.test)'));
    await waitFor(() => expect(missionRequests(api).at(-1)?.params).toMatchObject({ ownerId: 'u-7' }));
  });

  it('keeps the chosen view in the address and names the views in French', async () => {
    mockApi((request) => (request.url === 'preflights' ? page([mission(1)]) : undefined));
    signInAs('operator', { lang: 'fr' });
    await changeLanguage('fr');
    const { router } = renderApp('/backoffice/preflights?view=list');
    await screen.findByTestId('mission-row');
    const switcher = screen.getByTestId('mission-view-switch');
    for (const label of ['Liste', '3 ans', 'Année', 'Mois', 'Semaine', 'Jour'])
      expect(within(switcher).getByText(label)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Liste' })).toBeChecked();
    expect(router.state.location.search).toBe('?view=list');
  });

  it('has the same keys in English and French', () => {
    const keys = (lang: string) => {
      const walk = (tree: Record<string, unknown>, prefix = ''): string[] =>
        Object.entries(tree).flatMap(([key, value]) =>
          typeof value === 'string' ? [prefix + key] : walk(value as Record<string, unknown>, `${prefix}${key}.`),
        );
      return walk(
        JSON.parse(readFileSync(join(process.cwd(), 'src/locales', lang, 'missionsList.json'), 'utf8')) as Record<string, unknown>,
      ).sort();
    };
    expect(keys('fr')).toEqual(keys('en'));
  });
});

describe('missions calendar', () => {
  afterEach(resetApp);

  it("keeps the list's search and status filters when the view changes to the calendar", async () => {
    const api = mockApi((request) =>
      request.url === 'preflights' ? { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } } : undefined,
    );
    signInAs('operator');
    renderApp('/backoffice/preflights?search=Bridge&statuses=validated&statuses=complete');
    await screen.findByTestId('mission-search');

    await userEvent.click(screen.getByTestId('view-month'));
    await waitFor(() => expect(api.to('GET', 'preflights').some((request) => request.params?.from !== undefined)).toBe(true));
    const calendarCall = api.to('GET', 'preflights').find((request) => request.params?.from !== undefined)!;
    expect(calendarCall.params).toMatchObject({ search: 'Bridge', status: ['validated', 'complete'] });
  });
});
