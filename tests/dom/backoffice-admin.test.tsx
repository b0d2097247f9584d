import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupSummary } from '@/shared/contracts/groups';
import type { UserDetail } from '@/shared/contracts/users';
import { airspaceDetail as airspace } from './airspace-detail';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';
import { i18n } from '@/lib/i18n';

const GROUP_ID = '6f1c2a52-0c1e-4c55-9d7e-4b8f3a2b1c01';

const GROUP: GroupSummary = {
  id: GROUP_ID,
  name: 'Operators',
  kind: 'system',
  level: 'basic',
  rights: ['PILOT_LIST'],
  memberCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function user(overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    id: 'u-1',
    email: 'olivier@operator.test',
    civility: 'mr',
    firstName: 'Olivier',
    lastName: 'Operator',
    phoneNumber: null,
    dateOfBirth: null,
    companyName: 'Demo Ops',
    groups: [{ id: GROUP_ID, name: 'Operators' }],
    adminZone: null,
    subscription: null,
    addressLine1: null,
    addressLine2: null,
    addressLine3: null,
    postalCode: null,
    city: null,
    country: null,
    apiKeyEnd: null,
    homepage: 'dashboard',
    newsletter: false,
    lang: 'en',
    status: 'active',
    externalIdentifiers: [],
    agreementStatus: 'toBeValidated',
    agreementExpiresAt: null,
    adminMessage: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('back-office administration screens', () => {
  afterEach(resetApp);

  it("the user page links to the user's agreement and lists the user's documents", async () => {
    const api = mockApi((request) => {
      if (request.url === 'groups') return { status: 200, data: { items: [GROUP], total: 1, page: 1, pageSize: 100 } };
      if (request.url === 'users/u-1') return { status: 200, data: user() };
      if (request.url === 'attachments')
        return {
          status: 200,
          data: [
            {
              id: 'f-1',
              ownerId: 'u-1',
              recordType: 'user',
              recordId: 'u-1',
              kind: 'insuranceCertificate',
              originalName: 'insurance-2026.pdf',
              mime: 'application/pdf',
              size: 2048,
              sha256: 'x',
              status: 'pending',
              rejectionReason: null,
              validatedAt: null,
              validatedBy: null,
              createdAt: '2026-11-01T10:00:00.000Z',
            },
          ],
        };
      return undefined;
    });
    signInAs('admin');
    renderApp('/backoffice/users/edit/u-1');

    expect(await screen.findByTestId('user-agreement-link')).toHaveAttribute('href', '/backoffice/myagreement?userId=u-1');
    const documents = screen.getByTestId('user-attachments');
    expect(await within(documents).findByText('insurance-2026.pdf')).toBeInTheDocument();
    expect(within(documents).getByText('Operations manual')).toBeInTheDocument();
    expect(api.to('GET', 'attachments')[0]!.params).toEqual({ recordType: 'user', recordId: 'u-1' });
  });

  it('the agreement is read only on the user form (its workflow changes it); the Alpha Tango and delegation hints are shown', async () => {
    const api = mockApi((request) => {
      if (request.url === 'groups') return { status: 200, data: { items: [GROUP], total: 1, page: 1, pageSize: 100 } };
      if (request.url === 'users/u-1' && request.method === 'GET') return { status: 200, data: user() };
      if (request.url === 'users/u-1' && request.method === 'PUT') return { status: 200, data: user() };
      return undefined;
    });
    signInAs('admin');
    renderApp('/backoffice/users/edit/u-1');
    const form = await screen.findByTestId('user-form');
    expect(within(form).getByTestId('alpha-tango-hint')).toHaveTextContent('Alpha Tango UID');
    expect(within(form).getByTestId('delegation-hint')).toHaveTextContent('Delegation: the operator delegates the filing');
    await i18n.changeLanguage('fr');
    try {
      await waitFor(() => expect(within(form).getByTestId('alpha-tango-hint')).toHaveTextContent('UID Alpha Tango'));
      expect(within(form).getByTestId('delegation-hint')).toHaveTextContent('Délégation : l’exploitant délègue le dépôt');
    } finally {
      await i18n.changeLanguage('en');
    }

    expect(within(form).getByLabelText(/^Agreement status/)).toBeDisabled();
    expect(within(form).getByLabelText(/^Rejection reason/)).toBeDisabled();
    await userEvent.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(api.to('PUT', 'users/u-1')).toHaveLength(1));
    expect(api.to('PUT', 'users/u-1')[0].body).toMatchObject({ email: 'olivier@operator.test', groupIds: [GROUP_ID] });
  });

  it('an administrator lifts the sign-in pause of the user from its edit page', async () => {
    const api = mockApi((request) => {
      if (request.url === 'groups') return { status: 200, data: { items: [GROUP], total: 1, page: 1, pageSize: 100 } };
      if (request.url === 'users/u-1' && request.method === 'GET') return { status: 200, data: user() };
      if (request.url === 'users/u-1/unlock') return { status: 204, data: undefined };
      return undefined;
    });
    signInAs('admin');
    renderApp('/backoffice/users/edit/u-1');
    await screen.findByTestId('user-form');

    await userEvent.click(screen.getByTestId('user-unlock'));

    await waitFor(() => expect(api.to('POST', 'users/u-1/unlock')).toHaveLength(1));
    expect(await screen.findByText('Sign-in unlocked')).toBeInTheDocument();
  });

  it('the group form lists the rights by area with their labels and refuses a group without any right', async () => {
    const api = mockApi();
    signInAs('admin');
    renderApp('/backoffice/groups/add');
    const form = await screen.findByTestId('group-form');
    const administration = within(form).getByRole('group', { name: 'Administration' });
    expect(within(administration).getByRole('checkbox', { name: /See the users/ })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Supervision' })).toHaveTextContent('Supervised pilot account');

    await userEvent.type(within(form).getByLabelText(/^Name/), 'Night flyers');
    await userEvent.click(screen.getByTestId('group-save'));

    expect(await within(form).findByText('A group needs at least one right.')).toBeInTheDocument();
    expect(api.to('POST', 'groups')).toHaveLength(0);
  });

  it('deleting a group with members shows the message and sends nothing', async () => {
    const normal = { ...GROUP, id: 'g-2', name: 'Night flyers', kind: 'normal' as const };
    const api = mockApi((request) =>
      request.url === 'groups' ? { status: 200, data: { items: [normal], total: 1, page: 1, pageSize: 20 } } : undefined,
    );
    signInAs('admin');
    renderApp('/backoffice/groups');
    const [row] = await screen.findAllByTestId('group-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('This group has members and cannot be deleted. Remove its members first.')).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-yes')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  });

  it('the airspace area states a small polygon in m² and warns that it may be a slip', async () => {
    const area = airspace().geometry!;
    const stray = [
      [
        [2.3, 48.7],
        [2.3005, 48.7],
        [2.3005, 48.7003],
        [2.3, 48.7],
      ],
    ];
    mockApi((request) =>
      request.url === 'airspaces/a-1'
        ? { status: 200, data: airspace({ geometry: { ...area, coordinates: [...area.coordinates, stray] } }) }
        : undefined,
    );
    signInAs('admin');
    renderApp('/backoffice/airspaces/edit/a-1');

    expect(await screen.findByTestId('airspace-area-summary')).toHaveTextContent(/^2 polygons, [\d.,]+ km²$/);
    expect(screen.getByTestId('airspace-area-warning')).toHaveTextContent(
      /^Polygon 2 covers only 612 m²: check that it is the one you meant\.$/,
    );
  });

  it('a manager edits the general conditions of its airspace; a minimum notice above the maximum is refused first', async () => {
    const api = mockApi((request) => {
      if (request.url === 'airspaces/mine' && request.method === 'GET') return { status: 200, data: [airspace()] };
      if (request.url === 'airspaces/mine/a-1' && request.method === 'PUT')
        return { status: 200, data: airspace({ generalConditions: 'Weekends too.' }) };
      return undefined;
    });
    signInAs('airspaceManager');
    renderApp('/backoffice/airspace');
    const form = await screen.findByTestId('airspace-form');
    expect(screen.getByTestId('my-airspace-identity')).toHaveTextContent('LFPS-DEMO');
    expect(within(form).queryByLabelText(/^Internal code/)).not.toBeInTheDocument();

    const conditions = within(form).getByLabelText('General conditions');
    await userEvent.clear(conditions);
    await userEvent.type(conditions, 'Weekends too.');
    const minimum = within(form).getByLabelText('Minimum notice (days)');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '120');
    await userEvent.click(screen.getByTestId('airspace-save'));
    expect(await within(form).findByText('The maximum must not be below the minimum.')).toBeInTheDocument();
    expect(api.to('PUT', 'airspaces/mine/a-1')).toHaveLength(0);

    await userEvent.clear(minimum);
    await userEvent.type(minimum, '2');
    await userEvent.click(screen.getByTestId('airspace-save'));
    await waitFor(() => expect(api.to('PUT', 'airspaces/mine/a-1')).toHaveLength(1));
    const body = api.to('PUT', 'airspaces/mine/a-1')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ generalConditions: 'Weekends too.', minNoticeDays: 2, maxNoticeDays: 90, maxPolygons: null });
    expect(body).not.toHaveProperty('name');
    expect(body).not.toHaveProperty('managerIds');
  });
});
