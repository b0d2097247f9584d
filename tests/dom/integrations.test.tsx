import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Account } from '@/shared/contracts/auth';
import type { ApiCredential, WebhookDelivery, WebhookEndpoint } from '@/shared/contracts/webhooks';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

const account: Account = {
  id: 'user-1',
  email: 'operator@operator.test',
  civility: 'mrs',
  firstName: 'Olga',
  lastName: 'Operator',
  phoneNumber: null,
  dateOfBirth: null,
  companyName: 'Sky Works',
  adminZone: null,
  subscription: null,
  addressLine1: null,
  addressLine2: null,
  addressLine3: null,
  postalCode: null,
  city: null,
  country: null,
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
};

const endpoint: WebhookEndpoint = {
  id: '6a1c6a43-4f38-4a8e-9d1e-5b0c3f7a1e01',
  url: 'https://ground.example.com/hooks',
  description: null,
  events: ['request.decided'],
  enabled: true,
  createdAt: '2026-11-27T08:00:00.000Z',
};

const failed: WebhookDelivery = {
  id: '0b7e2d55-3c1f-4e57-8d5e-2f4a9b6c7d02',
  endpointId: endpoint.id,
  url: endpoint.url,
  eventType: 'request.decided',
  status: 'failed',
  attempts: 6,
  nextAttemptAt: null,
  lastStatus: 500,
  lastError: 'HTTP 500: down',
  durationMs: 42,
  createdAt: '2026-11-27T08:01:00.000Z',
  updatedAt: '2026-11-27T09:01:00.000Z',
};

describe('webhooks and API credentials on the account screen', () => {
  afterEach(resetApp);

  it('says when there is nothing yet, shows a new read credential once, and lists it', async () => {
    const credentials: ApiCredential[] = [];
    const api = mockApi((request) => {
      if (request.url === 'account') return { status: 200, data: account };
      if (request.url === 'webhooks/endpoints' || request.url === 'webhooks/deliveries') return { status: 200, data: [] };
      if (request.url === 'credentials' && request.method === 'GET') return { status: 200, data: credentials };
      if (request.url === 'credentials' && request.method === 'POST') {
        credentials.push({
          id: 'c1',
          name: 'Ground station',
          scope: 'write',
          prefix: 'agk_AbCdEf',
          createdAt: '2026-11-27T08:00:00.000Z',
          lastUsedAt: null,
        });
        return { status: 201, data: { ...credentials[0], token: 'agk_AbCdEf-the-whole-secret' } };
      }
      return undefined;
    });
    signInAs('operator');
    renderApp('/backoffice/account');

    expect(await screen.findByText('No webhook endpoint yet.')).toBeInTheDocument();
    expect(await screen.findByText('No delivery yet.')).toBeInTheDocument();
    const section = await screen.findByTestId('api-credentials');
    expect(await within(section).findByText('No API credential yet.')).toBeInTheDocument();

    await userEvent.type(within(section).getByLabelText(/Name/), 'Ground station');
    await userEvent.click(within(section).getByRole('button', { name: 'Create a credential' }));

    expect(await within(section).findByTestId('secret-value')).toHaveTextContent('agk_AbCdEf-the-whole-secret');
    expect(api.to('POST', 'credentials')[0]!.body).toEqual({ name: 'Ground station', scope: 'read' });
    expect(await within(section).findByTestId('credential-row')).toHaveTextContent('agk_AbCdEf…');
    await userEvent.click(within(section).getByRole('button', { name: 'I have saved it' }));
    expect(within(section).queryByTestId('secret-value')).toBeNull();
  });

  it('deletes an endpoint only once confirmed, and resends a failed delivery', async () => {
    const api = mockApi((request) => {
      if (request.url === 'account') return { status: 200, data: account };
      if (request.url === 'webhooks/endpoints') return { status: 200, data: [endpoint] };
      if (request.url === 'webhooks/deliveries') return { status: 200, data: [failed] };
      if (request.url === 'credentials') return { status: 200, data: [] };
      if (request.url === `webhooks/endpoints/${endpoint.id}` && request.method === 'DELETE') return { status: 204 };
      if (request.url === `webhooks/deliveries/${failed.id}/resend`)
        return { status: 200, data: { ...failed, status: 'pending', attempts: 0 } };
      return undefined;
    });
    signInAs('operator');
    renderApp('/backoffice/account');

    const row = await screen.findByTestId('delivery-row');
    expect(within(row).getByTestId('delivery-status')).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('HTTP 500: down');
    await userEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(api.to('POST', `webhooks/deliveries/${failed.id}/resend`)).toHaveLength(1));

    await userEvent.click(within(await screen.findByTestId('webhook-row')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent(endpoint.url);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('confirm-message')).toBeNull());
    expect(api.to('DELETE', `webhooks/endpoints/${endpoint.id}`)).toHaveLength(0);
    await userEvent.click(within(screen.getByTestId('webhook-row')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(api.to('DELETE', `webhooks/endpoints/${endpoint.id}`)).toHaveLength(1));
  });

  it('says when the credentials cannot be loaded, and shows no webhooks to a user without an operator or manager right', async () => {
    mockApi((request) => {
      if (request.url === 'account') return { status: 200, data: account };
      if (request.url === 'credentials') return { status: 500, data: { code: 'UNEXPECTED', message: 'boom' } };
      return undefined;
    });
    signInAs('admin');
    renderApp('/backoffice/account');

    expect(await screen.findByText('The API credentials could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByTestId('webhooks')).toBeNull();
    expect(screen.getByTestId('link-api-reference')).toHaveAttribute('href', '/api/docs/');
  });
});
