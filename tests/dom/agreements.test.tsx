import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Agreement } from '@/shared/contracts/agreements';
import type { AttachmentQueueItem } from '@/shared/contracts/attachments';
import { AGREEMENT_CHECKLIST_ITEMS } from '@/shared/domain/agreement-status';
import { mockApi, renderApp, resetApp, signInAs, signInWith } from './helpers';

const USER_ID = '22222222-2222-4222-8222-222222222222';

function agreement(overrides: Partial<Agreement> = {}): Agreement {
  return {
    userId: USER_ID,
    email: 'operator@aerogate.test',
    name: 'Olivier Operator',
    companyName: 'Skyworks',
    status: 'notValidated',
    expiresAt: null,
    adminMessage: null,
    checklist: AGREEMENT_CHECKLIST_ITEMS.map((item) => ({ item, done: true })),
    complete: true,
    actions: ['request'],
    documents: [],
    history: [],
    ...overrides,
  };
}

const queueItem: AttachmentQueueItem = {
  id: '33333333-3333-4333-8333-333333333333',
  ownerId: USER_ID,
  recordType: 'user',
  recordId: USER_ID,
  kind: 'insuranceCertificate',
  originalName: 'insurance.pdf',
  mime: 'application/pdf',
  size: 2048,
  sha256: '0'.repeat(64),
  status: 'pending',
  rejectionReason: null,
  validatedAt: null,
  validatedBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ownerName: 'Olivier Operator',
  ownerEmail: 'operator@aerogate.test',
  companyName: 'Skyworks',
};

describe('agreement screens', () => {
  afterEach(resetApp);

  it('shows the operator its checklist and keeps "Ask for validation" disabled while an item is missing', async () => {
    const incomplete = agreement({
      complete: false,
      checklist: AGREEMENT_CHECKLIST_ITEMS.map((item) => ({ item, done: item !== 'insuranceCertificate' })),
    });
    mockApi((request) =>
      request.url === 'agreement'
        ? { status: 200, data: incomplete }
        : request.url === 'attachments'
          ? { status: 200, data: [] }
          : undefined,
    );
    signInAs('operator');
    renderApp('/backoffice/myagreement');
    const checklist = await screen.findByTestId('agreement-checklist');
    expect(within(checklist).getByTestId('checklist-insuranceCertificate')).toHaveAttribute('data-done', 'false');
    expect(within(checklist).getByTestId('checklist-pilot')).toHaveAttribute('data-done', 'true');
    expect(within(checklist).getByTestId('checklist-pilot')).toHaveTextContent(/\(done\)$/);
    expect(within(checklist).getByTestId('checklist-insuranceCertificate')).toHaveTextContent(/\(missing\)$/);
    expect(screen.getByTestId('agreement-request')).toBeDisabled();
    expect(screen.getByTestId('attachment-input-insuranceCertificate')).toBeInTheDocument();
  });

  it('asks for validation when the checklist is complete', async () => {
    const api = mockApi((request) => {
      if (request.url === 'agreement') return { status: 200, data: agreement() };
      if (request.url === 'agreement/request') return { status: 200, data: agreement({ status: 'toBeValidated', actions: [] }) };
      return request.url === 'attachments' ? { status: 200, data: [] } : undefined;
    });
    signInAs('operator');
    renderApp('/backoffice/myagreement');
    await userEvent.click(await screen.findByTestId('agreement-request'));
    await waitFor(() => expect(api.to('POST', 'agreement/request')).toHaveLength(1));
  });

  it("gives an administrator the user's file with ?userId= and validates it with the chosen expiry date", async () => {
    const api = mockApi((request) => {
      if (request.url === `agreements/${USER_ID}`)
        return { status: 200, data: agreement({ status: 'toBeValidated', actions: ['validate', 'reject', 'exempt'] }) };
      if (request.url === `agreements/${USER_ID}/validate`)
        return { status: 200, data: agreement({ status: 'validated', actions: ['exempt'] }) };
      return request.url === 'attachments' ? { status: 200, data: [] } : undefined;
    });
    signInAs('admin');
    renderApp(`/backoffice/myagreement?userId=${USER_ID}`);
    await userEvent.click(await screen.findByTestId('agreement-validate'));
    const date = await screen.findByTestId('agreement-expires-at');
    await userEvent.clear(date);
    await userEvent.type(date, '2027-12-31');
    await userEvent.click(screen.getByTestId('agreement-validate-confirm'));
    await waitFor(() => expect(api.to('POST', `agreements/${USER_ID}/validate`)[0]?.body).toEqual({ expiresAt: '2027-12-31' }));
    expect(screen.queryByTestId('attachment-input-idDocument')).not.toBeInTheDocument();
  });

  it('opens the validation queue on the status, kind, record, search and sort its address names', async () => {
    const api = mockApi((request) =>
      request.url === 'attachments/validation' ? { status: 200, data: { items: [queueItem], total: 1, page: 1, pageSize: 20 } } : undefined,
    );
    signInWith(['ATTACHEMENT_VALIDATE']);
    renderApp('/backoffice/validateattachements?status=rejected&kind=idDocument&recordType=pilot&search=sky&sort=originalName');
    await screen.findByTestId('attachment-queue-row');
    expect(api.to('GET', 'attachments/validation')[0]?.params).toMatchObject({
      status: 'rejected',
      kind: 'idDocument',
      recordType: 'pilot',
      search: 'sky',
      sort: 'originalName',
      order: 'asc',
    });
    expect(screen.getByTestId('attachment-status-filter')).toHaveValue('rejected');
    expect(screen.getByTestId('attachment-search')).toHaveValue('sky');
  });

  it('lists the pending files for a status the queue does not know', async () => {
    const api = mockApi((request) =>
      request.url === 'attachments/validation' ? { status: 200, data: { items: [queueItem], total: 1, page: 1, pageSize: 20 } } : undefined,
    );
    signInWith(['ATTACHEMENT_VALIDATE']);
    renderApp('/backoffice/validateattachements?status=lost');
    await screen.findByTestId('attachment-queue-row');
    expect(api.to('GET', 'attachments/validation')[0]?.params).toMatchObject({ status: 'pending' });
    expect(screen.getByTestId('attachment-status-filter')).toHaveValue('pending');
  });

  it('asks for a reason before rejecting a file in the validation queue', async () => {
    const api = mockApi((request) => {
      if (request.url === 'attachments/validation') return { status: 200, data: { items: [queueItem], total: 1, page: 1, pageSize: 20 } };
      if (request.url === `attachments/${queueItem.id}/reject`) return { status: 200, data: { ...queueItem, status: 'rejected' } };
      return undefined;
    });
    signInWith(['ATTACHEMENT_VALIDATE']);
    renderApp('/backoffice/validateattachements');
    const row = await screen.findByTestId('attachment-queue-row');
    expect(row).toHaveTextContent('Skyworks');
    expect(api.to('GET', 'attachments/validation')[0]?.params).toMatchObject({ status: 'pending', sort: 'createdAt' });
    await userEvent.click(within(row).getByTestId('attachment-reject'));
    expect(await screen.findByTestId('attachment-reject-confirm')).toBeDisabled();
    await userEvent.type(screen.getByTestId('attachment-reject-reason'), 'Expired certificate');
    await userEvent.click(screen.getByTestId('attachment-reject-confirm'));
    await waitFor(() => expect(api.to('POST', `attachments/${queueItem.id}/reject`)[0]?.body).toEqual({ reason: 'Expired certificate' }));
  });
});
