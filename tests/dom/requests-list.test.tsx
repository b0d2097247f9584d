import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import type { RequestSummary } from '@/shared/contracts/requests';
import { mockApi, renderApp, resetApp, signInAs, type RecordedRequest } from './helpers';

const NORTH = { id: '0b6f7a52-3c1d-4e8f-9a2b-1c3d5e7f9a01', name: 'North airfield', internalCode: 'LFNA' };
const SOUTH = { id: '0b6f7a52-3c1d-4e8f-9a2b-1c3d5e7f9a02', name: 'South heliport', internalCode: 'LFSH' };

function request(index: number, overrides: Partial<RequestSummary> = {}): RequestSummary {
  return {
    id: `r-${index}`,
    referenceNumber: `AG-2026-00000${index}`,
    status: 'submitted',
    automatic: false,
    missionId: `m-${index}`,
    missionTitle: `Bridge survey ${index}`,
    startAt: '2026-12-01T09:00:00.000Z',
    endAt: '2026-12-01T11:00:00.000Z',
    airspace: NORTH,
    operator: { id: 'u-1', firstName: 'Oscar', lastName: 'Operator', companyName: 'SkyWorks' },
    impactLevel: 'low',
    submittedAt: '2026-11-20T10:00:00.000Z',
    autoRejectAt: null,
    ...overrides,
  };
}

function page(items: RequestSummary[], total = items.length, pageNumber = 1) {
  return { status: 200, data: { items, total, page: pageNumber, pageSize: 20 } };
}

const listCalls = (api: { to: (method: string, url: string) => RecordedRequest[] }) => api.to('GET', 'procedures');
const lastParams = (api: { to: (method: string, url: string) => RecordedRequest[] }) => listCalls(api).at(-1)?.params;

/** A manager's API: their two airspaces, and the list answering `reply`. */
function managerApi(reply: (request: RecordedRequest) => ReturnType<typeof page> = () => page([request(1)])) {
  return mockApi((call) => {
    if (call.url === 'procedures') return reply(call);
    if (call.url === 'airspaces/mine') return { status: 200, data: [NORTH, SOUTH] };
    return undefined;
  });
}

describe('requests list', () => {
  afterEach(resetApp);

  it("lists the manager's requests with a link to each, their airspace, operator and status, newest first", async () => {
    const api = managerApi(() =>
      page([
        request(1),
        request(2, {
          status: 'acceptedWithRestrictions',
          airspace: SOUTH,
          operator: { id: 'u-2', firstName: 'Ines', lastName: 'Imbert', companyName: null },
        }),
      ]),
    );
    signInAs('airspaceManager');
    renderApp('/backoffice/procedures');

    const rows = await screen.findAllByTestId('request-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'AG-2026-000001' })).toHaveAttribute('href', '/backoffice/procedure/edit/r-1');
    expect(rows[0]).toHaveTextContent('Bridge survey 1');
    expect(rows[0]).toHaveTextContent('North airfield');
    expect(rows[0]).toHaveTextContent('SkyWorks');
    expect(rows[0]).toHaveTextContent('Submitted');
    expect(rows[1]).toHaveTextContent('South heliport');
    expect(rows[1]).toHaveTextContent('Ines Imbert');
    expect(rows[1]).toHaveTextContent('Accepted with restrictions');
    expect(screen.getByText('2 requests')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('request-status')).toHaveAttribute('data-display-state', 'inProgress');
    expect(within(rows[0]).getByTestId('request-status')).toHaveTextContent('In progress · Submitted');
    expect(within(rows[1]).getByTestId('request-status')).toHaveAttribute('data-display-state', 'ok');
    expect(within(rows[1]).getByTestId('request-status')).toHaveTextContent('OK · Accepted with restrictions');
    await changeLanguage('fr');
    try {
      await waitFor(() => expect(within(rows[0]).getByTestId('request-status')).toHaveTextContent('En cours · Déposée'));
    } finally {
      await changeLanguage('en');
    }
    expect(lastParams(api)).toEqual({ page: 1, pageSize: 20, sort: 'submittedAt', order: 'desc' });
  });

  it('shows the empty-list message when no request matches', async () => {
    managerApi(() => page([]));
    signInAs('airspaceManager');
    renderApp('/backoffice/procedures');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No request for permission matches.');
    expect(screen.queryByTestId('request-table')).not.toBeInTheDocument();
  });

  it('says so when the requests cannot be loaded', async () => {
    managerApi(() => ({ status: 500, data: { code: 'UNEXPECTED', message: 'Boom' } }) as unknown as ReturnType<typeof page>);
    signInAs('airspaceManager');
    renderApp('/backoffice/procedures');
    expect(await screen.findByText('The requests could not be loaded.')).toHaveAttribute('role', 'alert');
  });

  it('sends "all accepted" and "all rejected" as a group, a single status as a status, and the search once typed', async () => {
    const api = managerApi();
    signInAs('airspaceManager');
    renderApp('/backoffice/procedures');
    await screen.findByTestId('request-row');

    await userEvent.selectOptions(screen.getByTestId('request-filter'), 'allAccepted');
    await waitFor(() => expect(lastParams(api)).toMatchObject({ group: 'allAccepted', status: undefined }));

    await userEvent.selectOptions(screen.getByTestId('request-filter'), 'allRejected');
    await waitFor(() => expect(lastParams(api)).toMatchObject({ group: 'allRejected', status: undefined }));

    await userEvent.selectOptions(screen.getByTestId('request-filter'), 'awaiting');
    await waitFor(() => expect(lastParams(api)).toMatchObject({ status: 'awaiting', group: undefined }));

    await userEvent.type(screen.getByTestId('request-search'), '  SkyWorks ');
    await waitFor(() => expect(lastParams(api)).toMatchObject({ search: 'SkyWorks', status: 'awaiting', page: 1 }));
  });

  it("filters by one of the manager's airspaces, back to the first page, and back to all of them", async () => {
    const api = managerApi((call) => {
      const pageNumber = Number(call.params?.page ?? 1);
      return page([request(pageNumber, { airspace: call.params?.airspaceId === SOUTH.id ? SOUTH : NORTH })], 45, pageNumber);
    });
    signInAs('airspaceManager');
    renderApp('/backoffice/procedures');
    await screen.findByTestId('request-row');

    const select = screen.getByLabelText('Airspace');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All airspaces', 'North airfield (LFNA)', 'South heliport (LFSH)']),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByTestId('request-row')).toHaveAttribute('data-reference', 'AG-2026-000002'));

    await userEvent.selectOptions(select, SOUTH.id);
    await waitFor(() => expect(lastParams(api)).toMatchObject({ airspaceId: SOUTH.id, page: 1 }));
    await waitFor(() => expect(screen.getByTestId('request-row')).toHaveTextContent('South heliport'));
    expect(screen.getByTestId('request-row')).toHaveAttribute('data-reference', 'AG-2026-000001');

    await userEvent.selectOptions(select, 'All airspaces');
    await waitFor(() => expect(screen.getByTestId('request-row')).toHaveTextContent('North airfield'));
    expect(screen.getByTestId('request-row')).toHaveAttribute('data-reference', 'AG-2026-000001');
  });

  it('gives an operator no airspace filter and does not ask for managed airspaces', async () => {
    const api = mockApi((call) => (call.url === 'procedures' ? page([request(1)]) : undefined));
    signInAs('operator');
    renderApp('/backoffice/procedures');
    await screen.findByTestId('request-row');
    expect(screen.queryByTestId('request-airspace')).not.toBeInTheDocument();
    expect(api.to('GET', 'airspaces/mine')).toHaveLength(0);
    expect(lastParams(api)?.airspaceId).toBeUndefined();
  });

  it('pages through the requests with the server', async () => {
    const api = managerApi((call) => {
      const pageNumber = Number(call.params?.page ?? 1);
      return page([request(pageNumber)], 45, pageNumber);
    });
    signInAs('airspaceManager');
    renderApp('/backoffice/procedures');
    await screen.findByTestId('request-row');
    expect(screen.getByText('45 requests')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByTestId('request-row')).toHaveAttribute('data-reference', 'AG-2026-000003'));
    expect(lastParams(api)).toMatchObject({ page: 3, pageSize: 20 });

    await userEvent.selectOptions(screen.getByTestId('request-filter'), 'rejected');
    await waitFor(() => expect(lastParams(api)).toMatchObject({ page: 1, status: 'rejected' }));
  });

  it('sends the flight dates as whole local days and waits for a valid end when the range is inverted', async () => {
    const api = managerApi();
    signInAs('airspaceManager');
    renderApp('/backoffice/procedures');
    await screen.findByTestId('request-row');

    await userEvent.type(screen.getByLabelText('Flights from'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('Flights until'), '2026-12-31');
    await waitFor(() =>
      expect(lastParams(api)).toMatchObject({
        from: new Date(2026, 11, 1, 0, 0, 0).toISOString(),
        to: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
      }),
    );

    await userEvent.clear(screen.getByLabelText('Flights from'));
    await userEvent.type(screen.getByLabelText('Flights from'), '2027-01-15');
    expect(await screen.findByText('The end is before the start.')).toBeInTheDocument();
    await waitFor(() => expect(lastParams(api)).toMatchObject({ from: new Date(2027, 0, 15, 0, 0, 0).toISOString(), to: undefined }));
    expect(screen.queryByText('The requests could not be loaded.')).not.toBeInTheDocument();
  });

  it('opened from an address, shows and asks for the filters, dates, sort and page it names; Back after opening a request finds them again', async () => {
    const api = managerApi((call) => page([request(Number(call.params?.page ?? 1))], 45, Number(call.params?.page ?? 1)));
    signInAs('airspaceManager');
    const { router } = renderApp(
      `/backoffice/procedures?page=2&search=bridge&sort=status&order=asc&status=allRejected&airspaceId=${SOUTH.id}&from=2026-12-01&to=2026-12-31`,
    );
    await screen.findByTestId('request-row');

    expect(listCalls(api)[0]?.params).toMatchObject({
      page: 2,
      search: 'bridge',
      sort: 'status',
      order: 'asc',
      group: 'allRejected',
      status: undefined,
      airspaceId: SOUTH.id,
      from: new Date(2026, 11, 1, 0, 0, 0).toISOString(),
      to: new Date(2026, 11, 31, 23, 59, 59, 999).toISOString(),
    });
    expect(screen.getByTestId('request-search')).toHaveValue('bridge');
    expect(screen.getByTestId('request-filter')).toHaveValue('allRejected');
    await waitFor(() => expect(screen.getByTestId('request-airspace')).toHaveValue(SOUTH.id));
    // jsdom's browser prefers en-US: the day is shown month first.
    expect(screen.getByLabelText('Flights from')).toHaveValue('12/01/2026');

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
    await userEvent.click(screen.getByRole('link', { name: 'AG-2026-000003' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/backoffice/procedures'));

    await router.navigate(-1);
    await waitFor(() => expect(lastParams(api)).toMatchObject({ page: 3, group: 'allRejected', search: 'bridge' }));
    expect(await screen.findByTestId('request-filter')).toHaveValue('allRejected');
  });

  it('falls back to every request, newest first, for a status or a sort it does not know', async () => {
    const api = managerApi();
    signInAs('airspaceManager');
    renderApp('/backoffice/procedures?status=lost&sort=colour&order=up&page=-1');
    await screen.findByTestId('request-row');

    expect(listCalls(api)[0]?.params).toMatchObject({ page: 1, sort: 'submittedAt', order: 'desc', status: undefined, group: undefined });
    expect(screen.getByTestId('request-filter')).toHaveValue('');
  });

  it('names the airspace filter in French', async () => {
    managerApi();
    signInAs('airspaceManager', { lang: 'fr' });
    await changeLanguage('fr');
    renderApp('/backoffice/procedures');
    await screen.findByTestId('request-row');
    const select = screen.getByLabelText('Espace aérien');
    await waitFor(() => expect(within(select).getAllByRole('option')[0]).toHaveTextContent('Tous les espaces aériens'));
  });
});
