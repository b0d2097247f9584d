import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Account } from '@/shared/contracts/auth';
import type { OutboxMessage } from '@/shared/contracts/system';
import { i18n } from '@/lib/i18n';
import { mockApi, renderApp, resetApp, signInAs, signInWith } from './helpers';

function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 'user-1',
    email: 'operator@operator.test',
    civility: 'mrs',
    firstName: 'Olga',
    lastName: 'Operator',
    phoneNumber: '+33 6 00 00 00 00',
    dateOfBirth: '1990-04-02',
    companyName: 'Sky Works',
    adminZone: null,
    subscription: null,
    addressLine1: '1 rue du Ciel',
    addressLine2: null,
    addressLine3: null,
    postalCode: '75001',
    city: 'Paris',
    country: 'France',
    apiKey: null,
    homepage: 'dashboard',
    newsletter: false,
    lang: 'en',
    doubleFactorEnabled: false,
    secondPersonValidation: false,
    agreementStatus: 'validated',
    agreementExpiresAt: null,
    adminMessage: null,
    externalIdentifiers: [],
    groups: [{ id: 'g-1', name: 'Operators' }],
    roles: [],
    ...overrides,
  };
}

describe('my account', () => {
  afterEach(resetApp);

  it('shows a saved double factor as on, and one click turns it off', async () => {
    const api = mockApi((request) => {
      if (request.url !== 'account') return undefined;
      if (request.method === 'GET') return { status: 200, data: account({ doubleFactorEnabled: true }) };
      return { status: 200, data: account(request.body as Partial<Account>) };
    });
    signInAs('operator');
    renderApp('/backoffice/account');

    const doubleFactor = await screen.findByRole('switch', { name: /Double-factor authentication/ });
    expect(doubleFactor).toBeChecked();
    await userEvent.click(doubleFactor);
    await userEvent.click(screen.getByTestId('account-save'));
    await waitFor(() => expect(api.to('PATCH', 'account')).toHaveLength(1));
    expect(api.to('PATCH', 'account')[0]!.body).toMatchObject({ doubleFactorEnabled: false });
  });

  // A supervised pilot never reaches this screen (navigation.test.tsx) and the API refuses him the setting
  // (pilot-rights.test.ts).
  it('lets an operator ask for a second person to validate his missions', async () => {
    const api = mockApi((request) => {
      if (request.url !== 'account') return undefined;
      if (request.method === 'GET') return { status: 200, data: account() };
      return { status: 200, data: account(request.body as Partial<Account>) };
    });
    signInAs('operator');
    renderApp('/backoffice/account');
    const secondPerson = await screen.findByRole('switch', { name: /A second person validates my missions/ });
    expect(secondPerson).not.toBeChecked();
    await userEvent.click(secondPerson);
    await userEvent.click(screen.getByTestId('account-save'));
    await waitFor(() => expect(api.to('PATCH', 'account')).toHaveLength(1));
    expect(api.to('PATCH', 'account')[0]!.body).toMatchObject({ secondPersonValidation: true });
  });

  it('links an operator to its agreement page, and not a manager who has none', async () => {
    mockApi((request) => (request.url === 'account' ? { status: 200, data: account() } : undefined));
    signInAs('operator');
    const operatorView = renderApp('/backoffice/account');
    const link = await screen.findByTestId('link-my-agreement');
    expect(link).toHaveAttribute('href', '/backoffice/myagreement');
    expect(link).toHaveTextContent('My agreement');
    operatorView.unmount();

    signInAs('airspaceManager');
    renderApp('/backoffice/account');
    await screen.findByTestId('account-summary');
    expect(screen.queryByTestId('link-my-agreement')).toBeNull();
  });

  it('saves the edited profile with PATCH /api/account, empty fields as null', async () => {
    const api = mockApi((request) => {
      if (request.url !== 'account') return undefined;
      if (request.method === 'GET') return { status: 200, data: account() };
      return { status: 200, data: account(request.body as Partial<Account>) };
    });
    signInAs('operator');
    renderApp('/backoffice/account');
    const form = await screen.findByTestId('account-form');
    expect(screen.getByTestId('account-email')).toHaveTextContent('operator@operator.test');

    await userEvent.clear(within(form).getByLabelText(/^City/));
    await userEvent.type(within(form).getByLabelText(/^City/), 'Lyon');
    await userEvent.clear(within(form).getByLabelText(/^Company/));
    await userEvent.click(within(form).getByLabelText(/Double-factor authentication/));
    await userEvent.click(within(form).getByRole('button', { name: 'Add an identifier' }));
    await userEvent.type(within(form).getByLabelText(/^Identifier/), 'UID-123');
    await userEvent.click(screen.getByTestId('account-save'));

    await waitFor(() => expect(api.to('PATCH', 'account')).toHaveLength(1));
    expect(api.to('PATCH', 'account')[0].body).toMatchObject({
      city: 'Lyon',
      companyName: null,
      addressLine2: null,
      doubleFactorEnabled: true,
      externalIdentifiers: [{ type: 'ALPHA_TANGO_UID', value: 'UID-123' }],
    });
    expect(screen.getByTestId('external-identifiers')).toHaveTextContent('Alpha Tango');
    expect(screen.getByTestId('delegation-hint')).toHaveTextContent('Delegation: on the Alpha Tango portal, delegate the filing');
    await i18n.changeLanguage('fr');
    try {
      await waitFor(() =>
        expect(screen.getByTestId('delegation-hint')).toHaveTextContent('Délégation : sur le portail Alpha Tango, déléguez le dépôt'),
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows server field errors of VALIDATION_FAILED on the fields', async () => {
    mockApi((request) => {
      if (request.url !== 'account') return undefined;
      if (request.method === 'GET') return { status: 200, data: account() };
      return { status: 422, data: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { phoneNumber: ['validation:phone'] } } };
    });
    signInAs('operator');
    renderApp('/backoffice/account');
    const form = await screen.findByTestId('account-form');

    await userEvent.type(within(form).getByLabelText(/^City/), 'x');
    await userEvent.click(screen.getByTestId('account-save'));

    expect(await within(form).findByText('Only digits, spaces and + ( ) - . are allowed.')).toBeInTheDocument();
  });

  it('asks for an e-mail change, which needs the confirmation link', async () => {
    const api = mockApi((request) => {
      if (request.url === 'account') return { status: 200, data: account() };
      if (request.url === 'account/email') return { status: 202, data: { message: 'sent' } };
      return undefined;
    });
    signInAs('operator');
    renderApp('/backoffice/account');
    const form = await screen.findByTestId('change-email-form');

    await userEvent.type(within(form).getByLabelText(/^New e-mail/), 'new@operator.test');
    await userEvent.type(within(form).getByLabelText(/^Confirm the new e-mail/), 'new@operator.test');
    await userEvent.type(within(form).getByLabelText(/^Current password/), 'secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the confirmation e-mail' }));

    expect(await screen.findByTestId('change-email-sent')).toHaveTextContent('new@operator.test');
    expect(api.to('POST', 'account/email')[0]?.body).toEqual({
      email: 'new@operator.test',
      emailConfirmation: 'new@operator.test',
      currentPassword: 'secret',
    });
    expect(screen.getByTestId('link-change-password')).toHaveAttribute('href', '/change-password');
  });
});

function message(index: number, overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: `m-${index}`,
    channel: 'email',
    recipient: `user${index}@operator.test`,
    subject: `Subject ${index}`,
    text: `Hello ${index}`,
    html: null,
    status: 'sent',
    error: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

describe('parent account', () => {
  afterEach(resetApp);

  it('shows the operator a supervised pilot works for and saves only its company and phone', async () => {
    signInWith(['SUPERVISION_PILOT', 'SUPERVISION_ACCOUNT_EDIT'], { supervision: 'pilot-7' });
    const parent = account({ id: 'operator-1', email: 'boss@sky.test', companyName: 'Sky Works', city: 'Paris' });
    const api = mockApi((request) => {
      if (request.url === 'account/parent' && request.method === 'GET') return { status: 200, data: parent };
      if (request.url === 'account/parent' && request.method === 'PATCH')
        return { status: 200, data: { ...parent, ...(request.body as object) } };
      return undefined;
    });
    renderApp('/backoffice/account/parent');

    expect(await screen.findByTestId('parent-account-summary')).toHaveTextContent('boss@sky.test');
    const city = screen.getByTestId('parent-city');
    await userEvent.clear(city);
    await userEvent.type(city, 'Rennes');
    await userEvent.click(screen.getByTestId('parent-account-save'));

    await waitFor(() => expect(api.to('PATCH', 'account/parent')).toHaveLength(1));
    expect(api.to('PATCH', 'account/parent')[0]!.body).toEqual({
      companyName: 'Sky Works',
      phoneNumber: '+33 6 00 00 00 00',
      addressLine1: '1 rue du Ciel',
      addressLine2: null,
      addressLine3: null,
      postalCode: '75001',
      city: 'Rennes',
      country: 'France',
    });
    expect(await screen.findByTestId('parent-account-saved')).toBeInTheDocument();
  });
});

describe('admin outbox', () => {
  afterEach(resetApp);

  it('lists messages, filters by channel and recipient, and opens a message with clickable links', async () => {
    const activation = `${window.location.origin}/activate-account/abc123`;
    const api = mockApi((request) => {
      if (request.url !== 'outbox') return undefined;
      const items = [message(1, { text: `Welcome! Activate your account: ${activation} then sign in.` }), message(2)];
      return { status: 200, data: { items, total: 45, page: request.params?.page ?? 1, pageSize: 20 } };
    });
    signInAs('admin');
    renderApp('/backoffice/outbox');

    expect(await screen.findAllByTestId('outbox-row')).toHaveLength(2);
    expect(screen.getByTestId('outbox-table')).toHaveTextContent('45 messages');

    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'sms');
    await waitFor(() => expect(api.to('GET', 'outbox').at(-1)?.params).toMatchObject({ channel: 'sms', page: 1 }));
    await userEvent.type(screen.getByLabelText('Recipient'), 'user1');
    await waitFor(() => expect(api.to('GET', 'outbox').at(-1)?.params).toMatchObject({ recipient: 'user1' }));

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.to('GET', 'outbox').at(-1)?.params).toMatchObject({ page: 2 }));

    await userEvent.click(screen.getAllByTestId('outbox-open')[0]);
    const opened = await screen.findByTestId('outbox-message');
    expect(within(opened).getByRole('link', { name: activation })).toHaveAttribute('href', activation);
    expect(opened).toHaveTextContent('then sign in.');
  });

  it('opened from an address, filters by the channel, recipient and page it names', async () => {
    const api = mockApi((request) =>
      request.url === 'outbox' ? { status: 200, data: { items: [message(1)], total: 45, page: 2, pageSize: 20 } } : undefined,
    );
    signInAs('admin');
    renderApp('/backoffice/outbox?channel=sms&search=user1&page=2');

    expect(await screen.findAllByTestId('outbox-row')).toHaveLength(1);
    expect(api.to('GET', 'outbox')[0]?.params).toMatchObject({ channel: 'sms', recipient: 'user1', page: 2 });
    expect(screen.getByLabelText('Channel')).toHaveValue('sms');
    expect(screen.getByLabelText('Recipient')).toHaveValue('user1');
  });

  it('says so when no message matches', async () => {
    mockApi((request) => (request.url === 'outbox' ? { status: 200, data: { items: [], total: 0, page: 1, pageSize: 20 } } : undefined));
    signInAs('admin');

    renderApp('/backoffice/outbox');

    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No message matches.');
  });

  it('shows a loading state while the page loads', async () => {
    mockApi((request) => (request.url === 'outbox' ? new Promise(() => undefined) : undefined));
    signInAs('admin');

    renderApp('/backoffice/outbox');

    expect(await screen.findByTestId('loading-state')).toBeInTheDocument();
  });
});
