import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import type { Device } from '@/shared/contracts/devices';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

const PHONE: Device = {
  id: '44444444-4444-4444-8444-444444444444',
  appIdentifier: 'fcm:old-token',
  owner: { id: '55555555-5555-4555-8555-555555555555', email: 'olga@operator.test', firstName: 'Olga', lastName: 'Operator' },
  createdAt: '2026-11-20T08:00:00.000Z',
};

/** The devices API: the list, and the registration and edit of spec domain §3's one field, as the server answers them. */
function devicesApi() {
  let devices = [PHONE];
  return mockApi((request) => {
    if (request.method === 'GET' && request.url === 'devices')
      return { status: 200, data: { items: devices, total: devices.length, page: 1, pageSize: 20 } };
    const body = request.body as { appIdentifier: string };
    if (request.method === 'POST' && request.url === 'devices') {
      const added = { ...PHONE, id: '66666666-6666-4666-8666-666666666666', appIdentifier: body.appIdentifier };
      devices = [added, ...devices];
      return { status: 201, data: added };
    }
    if (request.method === 'PUT' && request.url === `devices/${PHONE.id}`) {
      if (body.appIdentifier === 'fcm:taken') return { status: 409, data: { code: 'DEVICE_TAKEN', message: 'taken' } };
      devices = devices.map((device) => (device.id === PHONE.id ? { ...device, appIdentifier: body.appIdentifier } : device));
      return { status: 200, data: devices.find((device) => device.id === PHONE.id) };
    }
    return undefined;
  });
}

const renderList = () => renderApp('/backoffice/devices');

describe('the device form (add, edit)', () => {
  afterEach(resetApp);

  it('adds a device of the signed-in user, refusing an identifier with a space before sending', async () => {
    signInAs('admin');
    const api = devicesApi();
    renderList();

    await userEvent.click(await screen.findByTestId('device-add'));
    const form = await screen.findByTestId('device-form');
    await userEvent.type(within(form).getByLabelText(/^Identifier/), 'with space');
    await userEvent.click(within(form).getByTestId('device-save'));
    expect(await within(form).findByText('The identifier cannot contain spaces.')).toBeInTheDocument();
    expect(api.to('POST', 'devices')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText(/^Identifier/));
    await userEvent.type(within(form).getByLabelText(/^Identifier/), 'fcm:new-phone');
    await userEvent.click(within(form).getByTestId('device-save'));

    await waitFor(() => expect(api.to('POST', 'devices').map((request) => request.body)).toEqual([{ appIdentifier: 'fcm:new-phone' }]));
    expect(await screen.findByText('fcm:new-phone')).toBeInTheDocument();
    expect(screen.queryByTestId('device-form')).not.toBeInTheDocument();
  });

  it('edits a device from its row, in French, and keeps the form open when the identifier is taken', async () => {
    await changeLanguage('fr');
    signInAs('admin');
    const api = devicesApi();
    renderList();

    await userEvent.click(await screen.findByRole('button', { name: 'Modifier fcm:old-token' }));
    const form = await screen.findByTestId('device-form');
    const identifier = within(form).getByLabelText(/^Identifiant/);
    expect(identifier).toHaveValue('fcm:old-token');
    await userEvent.clear(identifier);
    await userEvent.type(identifier, 'fcm:taken');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce terminal est enregistré pour un autre compte.')).toBeInTheDocument();
    expect(screen.getByTestId('device-form')).toBeInTheDocument();

    await userEvent.clear(identifier);
    await userEvent.type(identifier, 'fcm:new-token');
    await userEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(api.to('PUT', `devices/${PHONE.id}`).map((request) => request.body)).toContainEqual({ appIdentifier: 'fcm:new-token' }),
    );
    expect(await screen.findByText('fcm:new-token')).toBeInTheDocument();
  });
});
