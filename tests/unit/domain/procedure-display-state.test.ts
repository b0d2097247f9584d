import { describe, expect, it } from 'vitest';
import { procedureDisplayState, REQUEST_STATUSES, type RequestStatus } from '@/shared/domain/request-status';

describe('procedure display states (spec shell §4, domain §4)', () => {
  const expected: Record<RequestStatus, string> = {
    submitted: 'inProgress',
    awaiting: 'inProgress',
    accepted: 'ok',
    acceptedWithRestrictions: 'ok',
    autoAccepted: 'ok',
    autoAcceptedWithRestrictions: 'ok',
    rejected: 'ko',
    autoRejected: 'ko',
    archived: 'disable',
  };

  it.each(REQUEST_STATUSES.map((status) => [status, expected[status]]))('a %s request shows as %s', (status, state) => {
    expect(procedureDisplayState(status)).toBe(state);
  });
});
