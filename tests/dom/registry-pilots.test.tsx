import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PilotDetail, PilotSummary } from '@/shared/contracts/pilots';
import { OPERATOR_RIGHTS } from '@/shared/domain/rights';
import { mockApi, renderApp, resetApp, signInAs, signInWith } from './helpers';

function pilot(index: number, overrides: Partial<PilotSummary> = {}): PilotSummary {
  return {
    id: `p-${index}`,
    firstName: `Pat${index}`,
    lastName: `Pilot${index}`,
    email: `pilot${index}@operator.test`,
    phone: null,
    supervisionLevel: 1,
    supervised: false,
    deletedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function detail(overrides: Partial<PilotDetail> = {}): PilotDetail {
  return {
    ...pilot(1),
    ownerId: 'user-1',
    birthDate: null,
    rights: ['missionPreparation'],
    documents: [{ id: 'd-1', skillType: 'licence', reference: 'LIC-1', validFrom: '2026-01-01', validUntil: null, attachmentId: null }],
    supervisedUserId: null,
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function page(items: unknown[]) {
  return { status: 200, data: { items, total: items.length, page: 1, pageSize: 20 } };
}

describe('pilots', () => {
  afterEach(resetApp);

  it('lists the pilots with their supervision level, without the deleted toggle for an operator', async () => {
    const api = mockApi((request) =>
      request.url === 'pilots' ? page([pilot(1), pilot(2, { supervisionLevel: 3, supervised: true })]) : undefined,
    );
    signInAs('operator');
    renderApp('/backoffice/pilots');
    expect(await screen.findAllByTestId('pilot-row')).toHaveLength(2);
    expect(screen.getByTestId('pilot-table')).toHaveTextContent('Administrator');
    expect(screen.getByTestId('pilot-table')).toHaveTextContent('Supervised account');
    expect(api.to('GET', 'pilots')[0].params).toMatchObject({ sort: 'lastName', order: 'asc' });
    expect(screen.queryByTestId('pilot-show-deleted')).not.toBeInTheDocument();
    expect(screen.getByTestId('pilot-add')).toBeInTheDocument();
  });

  it('hides edit actions without PILOT_EDIT and shows the empty state', async () => {
    mockApi((request) => (request.url === 'pilots' ? page([]) : undefined));
    signInWith(OPERATOR_RIGHTS.filter((right) => right !== 'PILOT_EDIT'));
    renderApp('/backoffice/pilots');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No pilot matches.');
    expect(screen.queryByTestId('pilot-add')).not.toBeInTheDocument();
  });

  it('lists deleted pilots with the administrators right, from a user view', async () => {
    const api = mockApi((request) => {
      if (request.url !== 'users/u-9/pilots') return undefined;
      return page(request.params?.deleted === 'true' ? [pilot(5, { deletedAt: '2026-11-02T10:00:00.000Z' })] : [pilot(1)]);
    });
    signInAs('admin');
    renderApp('/backoffice/pilots/user/u-9');
    await screen.findAllByTestId('pilot-row');
    await userEvent.click(screen.getByTestId('pilot-show-deleted'));
    await waitFor(() => expect(screen.getByTestId('pilot-table')).toHaveTextContent('Pilot5'));
    expect(api.to('GET', 'users/u-9/pilots').at(-1)?.params).toMatchObject({ deleted: 'true' });
    expect(screen.getByTestId('pilot-restore')).toBeInTheDocument();
  });

  it('asks for confirmation before deleting, and cancelling deletes nothing', async () => {
    const api = mockApi((request) => (request.url === 'pilots' ? page([pilot(1)]) : undefined));
    signInAs('operator');
    renderApp('/backoffice/pilots');
    const row = await screen.findByTestId('pilot-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('Pat1 Pilot1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('confirm-message')).not.toBeInTheDocument());
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it('creates a pilot with documents and puts VALIDATION_FAILED field errors on the fields', async () => {
    const api = mockApi((request) =>
      request.method === 'POST' && request.url === 'pilots'
        ? { status: 422, data: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { phone: ['validation:phone'] } } }
        : undefined,
    );
    signInAs('operator');
    renderApp('/backoffice/pilots/add');
    const form = await screen.findByTestId('pilot-form');
    await userEvent.type(within(form).getByLabelText(/^First name/), 'Lou');
    await userEvent.type(within(form).getByLabelText(/^Last name/), 'Durand');
    await userEvent.type(within(form).getByLabelText(/^E-mail/), 'lou@operator.test');
    await userEvent.selectOptions(within(form).getByLabelText(/^Supervision level/), '2');
    await userEvent.click(within(form).getByLabelText('Mission preparation'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a document' }));
    await userEvent.type(within(form).getByLabelText(/^Reference/), 'A2-77');
    await userEvent.click(screen.getByTestId('pilot-save'));

    await waitFor(() => expect(api.to('POST', 'pilots')).toHaveLength(1));
    expect(api.to('POST', 'pilots')[0].body).toEqual({
      firstName: 'Lou',
      lastName: 'Durand',
      email: 'lou@operator.test',
      phone: null,
      birthDate: null,
      supervisionLevel: 2,
      rights: ['missionPreparation'],
      documents: [{ skillType: 'idDocument', reference: 'A2-77', validFrom: null, validUntil: null, attachmentId: null }],
    });
    expect(await within(form).findByText('Only digits, spaces and + ( ) - . are allowed.')).toBeInTheDocument();
  });

  it('shows the translated refusal when the supervised account is not needed', async () => {
    mockApi((request) => {
      if (request.url === 'pilots/p-1') return { status: 200, data: detail() };
      if (request.url === 'pilots/p-1/supervision') return { status: 409, data: { code: 'SUPERVISION_NOT_NEEDED', message: 'x' } };
      return undefined;
    });
    signInAs('operator');
    renderApp('/backoffice/pilots/edit/p-1');
    await screen.findByTestId('pilot-form');
    expect(screen.getByDisplayValue('LIC-1')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('supervision-create'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    expect(await screen.findByTestId('supervision-error')).toHaveTextContent(
      'This pilot uses your own e-mail: no supervision account is needed.',
    );
  });

  it("does not offer a supervised account for a pilot who uses the operator's own e-mail", async () => {
    mockApi((request) => (request.url === 'pilots/p-1' ? { status: 200, data: detail({ email: 'Operator@operator.test' }) } : undefined));
    signInAs('operator');
    renderApp('/backoffice/pilots/edit/p-1');

    expect(await screen.findByTestId('supervision-own-email')).toHaveTextContent('This pilot uses your own e-mail');
    expect(screen.queryByTestId('supervision-create')).not.toBeInTheDocument();
  });

  it('shows the scanned file linked to a document once the files have loaded after the pilot', async () => {
    let release!: () => void;
    const filesLoaded = new Promise<void>((resolve) => (release = resolve));
    mockApi(async (request) => {
      if (request.url === 'pilots/p-1')
        return {
          status: 200,
          data: detail({
            documents: [{ id: 'd-1', skillType: 'licence', reference: 'LIC-1', validFrom: null, validUntil: null, attachmentId: 'f-1' }],
          }),
        };
      if (request.url === 'attachments') {
        await filesLoaded;
        return {
          status: 200,
          data: [
            {
              id: 'f-1',
              ownerId: 'user-1',
              recordType: 'pilot',
              recordId: 'p-1',
              kind: 'pilotDocument',
              originalName: 'licence-scan.pdf',
              mime: 'application/pdf',
              size: 1200,
              sha256: 'x',
              status: 'pending',
              rejectionReason: null,
              validatedAt: null,
              validatedBy: null,
              createdAt: '2026-11-01T10:00:00.000Z',
            },
          ],
        };
      }
      return { status: 404, data: { code: 'NOT_FOUND' } };
    });
    signInAs('operator');
    renderApp('/backoffice/pilots/edit/p-1');
    const file = await screen.findByLabelText('Scanned file');
    release();

    await waitFor(() => expect(file).toHaveValue('f-1'));
    expect(within(file).getByRole('option', { selected: true })).toHaveTextContent('licence-scan.pdf');
  });

  it('creates the supervised account and shows it', async () => {
    const api = mockApi((request) => {
      if (request.url === 'pilots/p-1') return { status: 200, data: detail() };
      if (request.url === 'pilots/p-1/supervision') return { status: 201, data: detail({ supervised: true, supervisedUserId: 'u-7' }) };
      return undefined;
    });
    signInAs('operator');
    renderApp('/backoffice/pilots/edit/p-1');
    await userEvent.click(await screen.findByTestId('supervision-create'));
    // Nothing is created before the operator confirms; cancelling sends nothing.
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('Create a supervised account for pilot1@operator.test?');
    await userEvent.click(screen.getByText('Cancel', { selector: 'button *, button' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-message')).not.toBeInTheDocument());
    expect(api.to('POST', 'pilots/p-1/supervision')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('supervision-create'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(api.to('POST', 'pilots/p-1/supervision')).toHaveLength(1));
    expect(await screen.findByTestId('supervision-created')).toHaveTextContent('pilot1@operator.test');
    expect(screen.queryByTestId('supervision-create')).not.toBeInTheDocument();
  });

  it("saves an administrator's edit of a user's pilot through /api/users/:userId/pilots", async () => {
    const api = mockApi((request) => {
      if (request.url !== 'users/u-9/pilots/p-1') return request.url === 'users/u-9/pilots' ? page([]) : undefined;
      return { status: 200, data: detail(request.method === 'PUT' ? (request.body as Partial<PilotDetail>) : {}) };
    });
    signInAs('admin');
    const { router } = renderApp('/backoffice/pilots/edit/u-9/p-1');
    const form = await screen.findByTestId('pilot-form');
    expect(screen.queryByTestId('pilot-supervision')).not.toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText(/^Last name/));
    await userEvent.type(within(form).getByLabelText(/^Last name/), 'Renamed');
    await userEvent.click(screen.getByTestId('pilot-save'));
    await waitFor(() => expect(api.to('PUT', 'users/u-9/pilots/p-1')).toHaveLength(1));
    expect(api.to('PUT', 'users/u-9/pilots/p-1')[0].body).toMatchObject({
      lastName: 'Renamed',
      documents: [{ skillType: 'licence', reference: 'LIC-1', validFrom: '2026-01-01', validUntil: null }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/pilots/user/u-9'));
  });
});
