import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { DroneModelSummary } from '@/shared/contracts/drone-models';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

function model(index: number, overrides: Partial<DroneModelSummary> = {}): DroneModelSummary {
  return {
    id: `dm-${index}`,
    brand: 'DJI',
    name: `Model ${index}`,
    personal: false,
    materials: ['plastic'],
    frequencyMinGHz: '2.400',
    frequencyMaxGHz: '2.483',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('drone models', () => {
  afterEach(resetApp);

  it('lists the catalogue; an operator edits only personal models', async () => {
    mockApi((request) =>
      request.url === 'drone-models'
        ? { status: 200, data: { items: [model(1), model(2, { personal: true })], total: 2, page: 1, pageSize: 20 } }
        : undefined,
    );
    signInAs('operator');
    renderApp('/backoffice/dronemodels');
    const rows = await screen.findAllByTestId('drone-model-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('2.400 – 2.483 GHz');
    expect(within(rows[0]).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/backoffice/dronemodels/edit/dm-2');
  });

  it('refuses a frequency without three decimals and saves an operator model as personal', async () => {
    const api = mockApi((request) =>
      request.method === 'POST' && request.url === 'drone-models' ? { status: 201, data: { ...model(3, { personal: true }) } } : undefined,
    );
    signInAs('operator');
    renderApp('/backoffice/dronemodels/add');
    const form = await screen.findByTestId('drone-model-form');
    expect(within(form).getByLabelText(/^Personal model/)).toBeChecked();
    await userEvent.type(within(form).getByLabelText(/^Brand/), 'Parrot');
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Anafi');
    await userEvent.type(within(form).getByLabelText(/^Minimum frequency/), '2.4');
    await userEvent.click(screen.getByTestId('drone-model-save'));
    expect(await within(form).findByText('Enter one digit, a point and three decimals (for example 2.400).')).toBeInTheDocument();
    expect(api.to('POST', 'drone-models')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText(/^Minimum frequency/));
    await userEvent.type(within(form).getByLabelText(/^Minimum frequency/), '2.400');
    await userEvent.click(screen.getByTestId('drone-model-save'));
    await waitFor(() => expect(api.to('POST', 'drone-models')).toHaveLength(1));
    expect(api.to('POST', 'drone-models')[0].body).toMatchObject({
      brand: 'Parrot',
      name: 'Anafi',
      frequencyMinGHz: '2.400',
      frequencyMaxGHz: null,
      personal: true,
      massGrams: null,
      classMark: null,
      remoteIdRule: null,
    });
  });

  it('an administrator records a shared model with its take-off mass, class mark and remote-ID rule', async () => {
    const api = mockApi((request) =>
      request.method === 'POST' && request.url === 'drone-models' ? { status: 201, data: { ...model(4) } } : undefined,
    );
    signInAs('admin');
    renderApp('/backoffice/dronemodels/add');
    const form = await screen.findByTestId('drone-model-form');
    await userEvent.type(within(form).getByLabelText(/^Brand/), 'DJI');
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Air 3');
    await userEvent.type(within(form).getByLabelText(/^Take-off mass/), '720');
    await userEvent.selectOptions(within(form).getByLabelText(/^Class mark/), 'C1');
    await userEvent.selectOptions(within(form).getByLabelText(/^Remote identification number format/), 'DJI');
    await userEvent.click(screen.getByTestId('drone-model-save'));

    await waitFor(() => expect(api.to('POST', 'drone-models')).toHaveLength(1));
    expect(api.to('POST', 'drone-models')[0].body).toMatchObject({
      brand: 'DJI',
      name: 'Air 3',
      massGrams: 720,
      classMark: 'C1',
      remoteIdRule: 'DJI',
    });
  });
});
