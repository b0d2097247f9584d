import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/lib/app-error';
import { createWorkLimit } from '../../../server/lib/work-limit';

const busy = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    return error instanceof AppError ? { code: error.code, status: error.status, retryAfter: error.details?.retryAfterSeconds } : error;
  }
  return 'taken';
};

describe('work limit (exports and replay extractions)', () => {
  it('refuses past the per-user limit with 429 EXPORT_BUSY and a Retry-After, other users going on', () => {
    const limit = createWorkLimit({ total: 3, perUser: 1, retryAfterSeconds: 5 });
    limit.acquire('ann');

    expect(busy(() => limit.acquire('ann'))).toEqual({ code: 'EXPORT_BUSY', status: 429, retryAfter: 5 });
    expect(busy(() => limit.acquire('bob'))).toBe('taken');
  });

  it('refuses past the overall limit, and a released slot is taken again (released once, however often)', () => {
    const limit = createWorkLimit({ total: 2, perUser: 2, retryAfterSeconds: 1 });
    const release = limit.acquire('ann');
    limit.acquire('bob');
    expect(busy(() => limit.acquire('cid'))).toMatchObject({ code: 'EXPORT_BUSY' });

    release();
    release();

    expect(busy(() => limit.acquire('cid'))).toBe('taken');
    expect(busy(() => limit.acquire('dan'))).toMatchObject({ code: 'EXPORT_BUSY' });
  });
});
