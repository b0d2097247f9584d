import { describe, expect, it } from 'vitest';
import { databaseErrorCode } from '../../../server/lib/database-errors';

// The shapes below are what pg, @prisma/adapter-pg and Prisma threw against a PostgreSQL 15 stopped, paused and fed
// bad values (docs/security.md "Database faults").
const adapter = (cause: Record<string, unknown>) => Object.assign(new Error('driver'), { name: 'DriverAdapterError', cause });
const known = (code: string, meta: Record<string, unknown> = {}) => Object.assign(new Error('prisma'), { code, meta });

describe('databaseErrorCode', () => {
  it.each<[string, unknown, string | undefined]>([
    ['server shut down under a query', adapter({ kind: 'postgres', code: '57P01' }), 'DATABASE_UNAVAILABLE'],
    [
      'server unreachable (Prisma)',
      known('P1001', { driverAdapterError: adapter({ kind: 'DatabaseNotReachable' }) }),
      'DATABASE_UNAVAILABLE',
    ],
    ['connection refused (pg)', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'DATABASE_UNAVAILABLE'],
    ['paused server, open connection', new Error('Query read timeout'), 'DATABASE_UNAVAILABLE'],
    ['paused server, new connection', new Error('Connection terminated due to connection timeout'), 'DATABASE_UNAVAILABLE'],
    ['statement timeout', known('P2010', { driverAdapterError: adapter({ kind: 'postgres', code: '57014' }) }), 'DATABASE_UNAVAILABLE'],
    ['lock timeout', adapter({ kind: 'postgres', code: '55P03' }), 'DATABASE_UNAVAILABLE'],
    ['NUL byte', adapter({ kind: 'postgres', code: '22021' }), 'VALIDATION_FAILED'],
    ['year 0000', adapter({ kind: 'postgres', code: '22008' }), 'VALIDATION_FAILED'],
    ['foreign key to a deleted user', known('P2003'), 'NOT_FOUND'],
    ['record to update not found', known('P2025'), 'NOT_FOUND'],
    ['unique constraint', known('P2002'), 'ALREADY_EXISTS'],
    ['a bug', new TypeError('x is undefined'), undefined],
  ])('%s → %s', (_name, error, code) => {
    expect(databaseErrorCode(error)).toBe(code);
  });
});
