import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { DroneModelSummary } from '@/shared/contracts/drone-models';
import type { MachineSummary } from '@/shared/contracts/machines';
import { OPERATOR_RIGHTS } from '@/shared/domain/rights';
import { mockApi, renderApp, resetApp, signInAs, signInWith, type RecordedRequest } from './helpers';

const DJI_MODEL: DroneModelSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  brand: 'DJI',
  name: 'Mavic 3',
  personal: false,
  materials: [],
  frequencyMinGHz: '2.400',
  frequencyMaxGHz: '2.483',
  createdAt: '2026-11-01T10:00:00.000Z',
};

function machine(index: number, overrides: Partial<MachineSummary> = {}): MachineSummary {
  return {
    id: `m-${index}`,
    internalName: `Drone ${index}`,
    serialNumber: `SN-${index}`,
    remoteIdentificationNumber: null,
    registrationNumber: null,
    classes: ['C1'],
    droneModel: { id: DJI_MODEL.id, brand: 'DJI', name: 'Mavic 3' },
    massGrams: 900,
    alphaTangoSyncState: null,
    deletedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function page(items: unknown[]) {
  return { status: 200, data: { items, total: items.length, page: 1, pageSize: 20 } };
}

function models(request: RecordedRequest) {
  return request.url === 'drone-models' ? page([DJI_MODEL]) : undefined;
}

describe('machines', () => {
  afterEach(resetApp);

  it('lists the operator machines from GET /api/machines', async () => {
    const api = mockApi((request) => models(request) ?? (request.url === 'machines' ? page([machine(1), machine(2)]) : undefined));
    signInAs('operator');
    renderApp('/backoffice/machines');
    expect(await screen.findAllByTestId('machine-row')).toHaveLength(2);
    expect(screen.getByTestId('machine-table')).toHaveTextContent('DJI Mavic 3');
    expect(api.to('GET', 'machines')[0].params).toMatchObject({ page: 1, sort: 'internalName', order: 'asc' });
    expect(screen.queryByTestId('machine-show-deleted')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi((request) => models(request) ?? (request.url === 'machines' ? page([]) : undefined));
    signInAs('operator');
    renderApp('/backoffice/machines');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No machine matches.');
  });

  it('asks for confirmation before deleting', async () => {
    const api = mockApi((request) => {
      if (request.method === 'DELETE') return { status: 204 };
      return models(request) ?? (request.url === 'machines' ? page([machine(1)]) : undefined);
    });
    signInAs('operator');
    renderApp('/backoffice/machines');
    const row = await screen.findByTestId('machine-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('Drone 1');
    expect(api.to('DELETE', 'machines/m-1')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(api.to('DELETE', 'machines/m-1')).toHaveLength(1));
  });

  it('offers the deleted toggle and restore only with the administrators rights', async () => {
    const api = mockApi((request) => {
      if (request.method === 'POST') return { status: 200, data: {} };
      if (request.url !== 'machines') return models(request);
      return page(request.params?.deleted === 'true' ? [machine(3, { deletedAt: '2026-11-02T10:00:00.000Z' })] : [machine(1)]);
    });
    signInWith([...OPERATOR_RIGHTS, 'MACHINE_LIST_DELETED_ADMIN', 'MACHINE_EDIT_DELETED_ADMIN']);
    renderApp('/backoffice/machines');
    await userEvent.click(await screen.findByTestId('machine-show-deleted'));
    await waitFor(() => expect(screen.getByTestId('machine-table')).toHaveTextContent('Drone 3'));
    await userEvent.click(screen.getByTestId('machine-restore'));
    await waitFor(() => expect(api.to('POST', 'users/user-1/machines/m-3/restore')).toHaveLength(1));
  });

  it('refuses a DJI remote identification typo with the translated message and does not submit', async () => {
    const api = mockApi(models);
    signInAs('operator');
    renderApp('/backoffice/machines/add');
    const form = await screen.findByTestId('machine-form');
    await screen.findByRole('option', { name: 'DJI Mavic 3' });
    await userEvent.type(within(form).getByLabelText(/^Internal name/), 'Inspection drone');
    await userEvent.type(within(form).getByLabelText(/^Serial number/), 'SN-9');
    await userEvent.selectOptions(within(form).getByLabelText(/^Drone model/), DJI_MODEL.id);
    await userEvent.type(within(form).getByLabelText(/^Remote identification number/), '1581F12345');
    const message = 'A DJI remote identification number is 1581E followed by 14 characters, or 1581F followed by 15 characters.';
    expect(await within(form).findByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('machine-save'));
    expect(within(form).getByText(message)).toBeInTheDocument();
    expect(api.to('POST', 'machines')).toHaveLength(0);
  });

  it('puts VALIDATION_FAILED field errors on the fields', async () => {
    const api = mockApi((request) => {
      if (request.method === 'POST' && request.url === 'machines') {
        return {
          status: 422,
          data: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { droneModelId: ['validation:invalidValue'] } },
        };
      }
      return models(request);
    });
    signInAs('operator');
    renderApp('/backoffice/machines/add');
    const form = await screen.findByTestId('machine-form');
    await screen.findByRole('option', { name: 'DJI Mavic 3' });
    await userEvent.type(within(form).getByLabelText(/^Internal name/), 'Inspection drone');
    await userEvent.type(within(form).getByLabelText(/^Serial number/), 'SN-9');
    await userEvent.selectOptions(within(form).getByLabelText(/^Drone model/), DJI_MODEL.id);
    await userEvent.type(within(form).getByLabelText(/^Remote identification number/), '1581F123456789012345');
    await userEvent.click(screen.getByTestId('machine-save'));
    await waitFor(() => expect(api.to('POST', 'machines')).toHaveLength(1));
    expect(api.to('POST', 'machines')[0].body).toMatchObject({
      internalName: 'Inspection drone',
      serialNumber: 'SN-9',
      droneModelId: DJI_MODEL.id,
      remoteIdentificationNumber: '1581F123456789012345',
      registrationNumber: null,
    });
    const select = within(form).getByLabelText(/^Drone model/);
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText(/value/i)).toBeInTheDocument();
  });
});
