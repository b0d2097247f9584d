import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { MissionRequests } from '@/features/requests/components/mission-requests';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { TouchedAirspace } from '@/shared/contracts/requests';
import { mockApi, resetApp, signInAs } from './helpers';

const AIRSPACE: TouchedAirspace = {
  id: 'a-1',
  name: 'Paris-Saclay demo airspace',
  internalCode: 'LFPS-DEMO',
  generalConditions: 'Call the tower.',
  legalInformation: false,
  pendingRequestId: null,
  minNoticeDays: 2,
  maxNoticeDays: 90,
  earliestStartAt: '2026-11-29T09:30:00.000Z',
  noticeProblem: null,
};

function serve(onFile: () => { status: number; data?: unknown }, airspace: TouchedAirspace = AIRSPACE) {
  return mockApi((request) => {
    if (request.url === 'procedures/airspaces') return { status: 200, data: [airspace] };
    if (request.method === 'GET' && request.url === 'procedures')
      return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } };
    if (request.method === 'POST' && request.url === 'procedures') return onFile();
    return undefined;
  });
}

async function openDialog(accept = true) {
  signInAs('operator');
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter>
        <MissionRequests missionId="m-1" />
      </MemoryRouter>
    </AppProvider>,
  );
  await userEvent.click(await screen.findByTestId('file-request'));
  const dialog = await screen.findByTestId('file-dialog');
  if (accept) await userEvent.click(within(dialog).getByTestId('accept-conditions'));
  return dialog;
}

describe('filing a request: the phone number', () => {
  afterEach(resetApp);

  it('is checked in the form: a typo is shown on the field and nothing is sent', async () => {
    const api = serve(() => ({ status: 201, data: { id: 'r-1', referenceNumber: 'AG-2026-000001' } }));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByTestId('operator-phone'), '06 12 AB 56');
    await userEvent.click(within(dialog).getByTestId('file-submit'));

    expect(await within(dialog).findByText('Only digits, spaces and + ( ) - . are allowed.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('operator-phone')).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST', 'procedures')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByTestId('operator-phone'));
    await userEvent.type(within(dialog).getByTestId('operator-phone'), '+33 6 12 34 56 78');
    await userEvent.click(within(dialog).getByTestId('file-submit'));
    await waitFor(() => expect(api.to('POST', 'procedures')).toHaveLength(1));
    expect(api.to('POST', 'procedures')[0]!.body).toMatchObject({ operatorPhone: '+33 6 12 34 56 78' });
  });

  it("puts the server's refusal of the phone on the field", async () => {
    serve(() => ({ status: 422, data: { code: 'VALIDATION_FAILED', message: 'x', fields: { operatorPhone: ['validation:phone'] } } }));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByTestId('operator-phone'), '+33 1');
    await userEvent.click(within(dialog).getByTestId('file-submit'));

    expect(await within(dialog).findByText('Only digits, spaces and + ( ) - . are allowed.')).toBeInTheDocument();
  });
});

describe("filing a request: the airspace's notice", () => {
  afterEach(resetApp);

  it('is stated beside the airspace with the first possible start', async () => {
    serve(() => ({ status: 201 }));
    await openDialog(false);
    expect(screen.getByTestId('notice-hint')).toHaveTextContent(
      /^Notice of 2 days: a mission filed now may start on .*2026.* at the earliest\.$/,
    );
    expect(screen.getByTestId('notice-hint')).toHaveAttribute('data-problem', '');
    expect(screen.queryByTestId('file-notice-problem')).not.toBeInTheDocument();
  });

  it('counts one day in the singular, in English and in French', async () => {
    serve(() => ({ status: 201 }), { ...AIRSPACE, minNoticeDays: 1 });
    await openDialog(false);
    expect(screen.getByTestId('notice-hint')).toHaveTextContent(/^Notice of 1 day: a mission filed now may start on /);
    await act(() => changeLanguage('fr'));
    expect(screen.getByTestId('notice-hint')).toHaveTextContent(/^Préavis de 1 jour : une mission déposée maintenant peut commencer /);
  });

  it('a mission starting too soon is told before and in the dialog, which cannot send it', async () => {
    const api = serve(() => ({ status: 201 }), { ...AIRSPACE, noticeProblem: 'tooShort' });
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('file-notice-problem')).toHaveTextContent(
      /^The mission's start does not fit this airspace's noticeThis airspace needs 2 days' notice: .* Move the mission's start first\.$/,
    );
    expect(within(dialog).getByTestId('file-submit')).toBeDisabled();
    expect(api.to('POST', 'procedures')).toHaveLength(0);
  });

  it("a refusal by the airspace's limits is titled as such and gives the figures", async () => {
    serve(() => ({
      status: 422,
      data: { code: 'REQUEST_NOTICE_TOO_SHORT', message: 'Airspace limit 2 exceeded (0.50)', params: { limit: 2, actual: 0.5 } },
    }));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByTestId('file-submit'));

    const toast = await screen.findByTestId('error-toast');
    expect(toast).toHaveTextContent("This airspace's limits refuse the request");
    expect(toast).toHaveTextContent("it asks for 2 days' notice, and the mission starts in 0.5 days");
  });
});
