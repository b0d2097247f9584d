import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { RequestActivations } from '@/features/activations/components/request-activations';
import { createQueryClient } from '@/lib/query-client';
import type { Activation, RequestActivations as RequestActivationsView } from '@/shared/contracts/activations';
import { changeLanguage } from '@/lib/i18n';
import { mockApi, resetApp, signInAs, typeDateTime } from './helpers';

const NOW = new Date('2026-11-30T08:00:00.000Z');
const MINUTE = 60_000;
const BASE = 'requests/r-1/activations';

function view(overrides: Partial<RequestActivationsView> = {}): RequestActivationsView {
  return {
    required: true,
    trigger: 'medium',
    canFile: true,
    viewer: 'operator',
    window: {
      minDate: '2026-12-01T09:00:00.000Z',
      maxDate: '2026-12-01T17:00:00.000Z',
      open: true,
      opensAt: null,
      // 1 d 2 h 30 min and 10 s after NOW: shown as 1 d 2 h 31 min until the first half-minute passes.
      fileBy: new Date(NOW.getTime() + ((24 + 2) * 60 + 30) * MINUTE + 10_000).toISOString(),
    },
    maxDurationHours: 4,
    autoRejectDelayHours: 12,
    activations: [],
    ...overrides,
  };
}

function activation(overrides: Partial<Activation> = {}): Activation {
  return {
    id: 'act-1',
    startAt: '2026-12-01T09:00:00.000Z',
    endAt: '2026-12-01T10:00:00.000Z',
    status: 'submitted',
    submittedAt: '2026-11-29T08:00:00.000Z',
    autoRejectAt: new Date(NOW.getTime() + 3 * 60 * MINUTE).toISOString(),
    decidedAt: null,
    rejectionReason: null,
    allowedActions: ['accept', 'reject'],
    ...overrides,
  };
}

function renderActivations(data: RequestActivationsView, reply: Parameters<typeof mockApi>[0] = () => undefined) {
  const api = mockApi((call) => reply(call) ?? (call.method === 'GET' && call.url === BASE ? { status: 200, data } : undefined));
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RequestActivations requestId="r-1" role={data.viewer} />
    </AppProvider>,
  );
  return api;
}

afterEach(async () => {
  vi.useRealTimers();
  await resetApp();
});

describe('request activations, operator side', () => {
  it('shows the filing window and files a slot typed in local time', async () => {
    signInAs('operator');
    const api = renderActivations(view(), (call) =>
      call.method === 'POST' && call.url === BASE ? { status: 201, data: activation() } : undefined,
    );
    await screen.findByTestId('request-activations');
    expect(
      screen.getByText(
        `Slots between ${new Date('2026-12-01T09:00:00.000Z').toLocaleString()} and ${new Date('2026-12-01T17:00:00.000Z').toLocaleString()}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Each slot lasts at most 4 h.')).toBeInTheDocument();
    expect(screen.getByText('No activation filed yet.')).toBeInTheDocument();

    const file = screen.getByRole('button', { name: 'File the slot' });
    expect(file).toBeDisabled();
    // jsdom's browser prefers en-US: month first, a 12-hour clock.
    await typeDateTime('Start', '12/01/2026', '1000a');
    expect(file).toBeDisabled();
    await typeDateTime('End', '12/01/2026', '1200p');
    await userEvent.click(file);

    await waitFor(() => expect(api.to('POST', BASE)).toHaveLength(1));
    expect(api.to('POST', BASE)[0].body).toEqual({
      startAt: new Date(2026, 11, 1, 10, 0).toISOString(),
      endAt: new Date(2026, 11, 1, 12, 0).toISOString(),
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Start: day' })).toHaveValue(''));
    expect(screen.getByRole('spinbutton', { name: 'Start: hours' })).toHaveValue('');
  });

  it('[fr] files a slot typed as 01/12/2026 on a 24-hour clock, sending the same instants', async () => {
    await changeLanguage('fr');
    signInAs('operator');
    const api = renderActivations(view(), (call) =>
      call.method === 'POST' && call.url === BASE ? { status: 201, data: activation() } : undefined,
    );
    await screen.findByTestId('request-activations');
    expect(screen.getByRole('group', { name: 'Début' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Début : matin ou après-midi' })).not.toBeInTheDocument();

    await typeDateTime('Début', '01/12/2026', '1000');
    await typeDateTime('Fin', '01/12/2026', '1330');
    expect(screen.getByRole('textbox', { name: 'Début : jour' })).toHaveValue('01/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Déposer le créneau' }));

    await waitFor(() => expect(api.to('POST', BASE)).toHaveLength(1));
    expect(api.to('POST', BASE)[0].body).toEqual({
      startAt: new Date(2026, 11, 1, 10, 0).toISOString(),
      endAt: new Date(2026, 11, 1, 13, 30).toISOString(),
    });
  });

  it('[fr] shows the slot being changed in the fields and sends it back unchanged', async () => {
    await changeLanguage('fr');
    signInAs('operator');
    const filed = activation({ status: 'toSubmit', autoRejectAt: null, allowedActions: ['edit'] });
    const api = renderActivations(view({ activations: [filed] }), (call) =>
      call.method === 'PUT' && call.url === `${BASE}/act-1` ? { status: 200, data: filed } : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier' }));

    const start = new Date(filed.startAt);
    const day = `${String(start.getDate()).padStart(2, '0')}/${String(start.getMonth() + 1).padStart(2, '0')}/${start.getFullYear()}`;
    expect(screen.getByRole('textbox', { name: 'Début : jour' })).toHaveValue(day);
    expect(screen.getByRole('spinbutton', { name: 'Début : heures' })).toHaveValue(String(start.getHours()).padStart(2, '0'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la modification' }));

    await waitFor(() => expect(api.to('PUT', `${BASE}/act-1`)).toHaveLength(1));
    expect(api.to('PUT', `${BASE}/act-1`)[0].body).toEqual({ startAt: filed.startAt, endAt: filed.endAt });
  });

  it("shows the server's date rule when a slot falls outside the window, and keeps the slot typed", async () => {
    signInAs('operator');
    const api = renderActivations(view(), (call) =>
      call.method === 'POST' && call.url === BASE
        ? { status: 422, data: { code: 'ACTIVATION_END_TOO_LATE', message: 'The activation ends after the maximum date' } }
        : undefined,
    );
    await screen.findByTestId('request-activations');
    await typeDateTime('Start', '12/01/2026', '0400p');
    await typeDateTime('End', '12/01/2026', '0700p');
    await userEvent.click(screen.getByRole('button', { name: 'File the slot' }));

    expect(await screen.findByText('The activation cannot end after the maximum date.')).toBeInTheDocument();
    expect(api.to('POST', BASE)).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Start: day' })).toHaveValue('12/01/2026');
    expect(screen.getByRole('spinbutton', { name: 'Start: hours' })).toHaveValue('04');
    expect(screen.getByRole('spinbutton', { name: 'End: hours' })).toHaveValue('07');
  });

  it('offers no filing while the window is closed, and counts down to its opening', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    signInAs('operator');
    renderActivations(
      view({
        canFile: false,
        window: { ...view().window, open: false, opensAt: new Date(NOW.getTime() + (5 * 60 + 15) * MINUTE).toISOString() },
      }),
    );
    await screen.findByTestId('request-activations');
    expect(screen.queryByRole('button', { name: 'File the slot' })).not.toBeInTheDocument();
    expect(screen.getByTestId('activations-opens-at')).toHaveTextContent('Filing opens');
    expect(screen.getByTestId('activations-opens-at')).toHaveTextContent('0 d 5 h 15 min left');
    expect(screen.getByTestId('activations-file-by')).toHaveTextContent('1 d 2 h 31 min left');
    // French sets a space before the colon.
    await changeLanguage('fr');
    try {
      await waitFor(() => expect(screen.getByTestId('activations-file-by')).toHaveTextContent(/^Déposer les créneaux avant : \d/));
    } finally {
      await changeLanguage('en');
    }
  });

  it('counts down to the filing deadline, minute by minute, even while the operator types', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    signInAs('operator');
    renderActivations(view());
    const fileBy = await screen.findByTestId('activations-file-by');
    expect(fileBy).toHaveTextContent('1 d 2 h 31 min left');

    act(() => vi.advanceTimersByTime(20_000));
    fireEvent.change(screen.getByRole('textbox', { name: 'Start: day' }), { target: { value: '12/01/2026' } });
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByTestId('activations-file-by')).toHaveTextContent('1 d 2 h 30 min left');

    act(() => vi.advanceTimersByTime(26 * 60 * MINUTE + 30 * MINUTE));
    expect(screen.getByTestId('activations-file-by')).toHaveTextContent('passed');
  });
});

describe('request activations, manager side', () => {
  const managerView = () => view({ viewer: 'manager', canFile: false, activations: [activation()] });

  it('shows the submitted slot with its auto-reject countdown and no filing form', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    signInAs('airspaceManager');
    renderActivations(managerView());
    const row = await screen.findByTestId('activation-row');
    expect(row).toHaveTextContent('Submitted');
    expect(within(row).getByTestId('activation-auto-reject')).toHaveTextContent('0 d 3 h 0 min left');
    expect(screen.queryByRole('button', { name: 'File the slot' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('activations-file-by')).not.toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accept', 'Reject']);
  });

  it('accepts a slot at once', async () => {
    signInAs('airspaceManager');
    const api = renderActivations(managerView(), (call) => (call.method === 'POST' ? { status: 204 } : undefined));
    const row = await screen.findByTestId('activation-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.to('POST', `${BASE}/act-1/accept`)).toHaveLength(1));
    expect(api.to('POST', `${BASE}/act-1/accept`)[0].body).toEqual({});
    await waitFor(() => expect(api.to('GET', BASE)).toHaveLength(2));
  });

  it('rejects a slot with the reason typed in the dialog', async () => {
    signInAs('airspaceManager');
    const api = renderActivations(managerView(), (call) => (call.method === 'POST' ? { status: 204 } : undefined));
    const row = await screen.findByTestId('activation-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this slot?' });
    expect(api.to('POST', `${BASE}/act-1/reject`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), ' Runway works ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.to('POST', `${BASE}/act-1/reject`)).toHaveLength(1));
    expect(api.to('POST', `${BASE}/act-1/reject`)[0].body).toEqual({ reason: 'Runway works' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('forgets a reason typed for a rejection given up', async () => {
    signInAs('airspaceManager');
    const api = renderActivations(view({ viewer: 'manager', canFile: false, activations: [activation(), activation({ id: 'act-2' })] }));
    const rows = await screen.findAllByTestId('activation-row');
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this slot?' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Runway works');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Reject' }));
    expect(within(await screen.findByRole('dialog', { name: 'Reject this slot?' })).getByLabelText('Reason (optional)')).toHaveValue('');
    expect(api.requests.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
