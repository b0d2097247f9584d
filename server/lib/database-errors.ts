import type { ErrorCode } from '../../src/shared/errors';

/*
 * What the pg driver, Prisma and its pg adapter throw, read as the answer the client should get
 * (docs/security.md "Database faults"). Each error may wrap the driver's in `cause` or in Prisma's `meta`.
 */

/** The database is down, unreachable, paused, overloaded or timed out: retry later. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);
const UNAVAILABLE_PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2034']);
const UNAVAILABLE_ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const UNAVAILABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// pg's own errors carry no code.
const UNAVAILABLE_MESSAGES = [
  'Query read timeout',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/** Waiting for one of the pool's connections took too long: the pool is busy, the database may well be up. */
const POOL_WAIT_MESSAGE = 'timeout exceeded when trying to connect';

/** Whether the error says that a connection could not be made or was lost (not a busy pool, a slow or locked query). */
export function isConnectionFailure(error: unknown): boolean {
  for (const each of chain(error)) {
    const code = typeof each.code === 'string' ? each.code : typeof each.originalCode === 'string' ? each.originalCode : '';
    const message = typeof each.message === 'string' ? each.message : '';
    if (message.startsWith(POOL_WAIT_MESSAGE)) return false;
    if (
      UNAVAILABLE_SOCKET.has(code) ||
      code.startsWith('08') ||
      ['57P01', '57P02', '57P03', 'P1001', 'P1017'].includes(code) ||
      ['DatabaseNotReachable', 'ConnectionClosed'].includes(each.kind as string) ||
      message.startsWith('Connection terminated') ||
      message.startsWith('Client has encountered a connection error')
    )
      return true;
  }
  return false;
}

/** A value the column cannot hold: too long for its index, out of the type's range, a NUL byte. */
const INVALID_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '54000']);
const INVALID_PRISMA = new Set(['P2000', 'P2006', 'P2007', 'P2009', 'P2019', 'P2020', 'P2033']);

/** The row written refers to, or the row changed, no longer exists (a user deleted since their token was issued). */
const MISSING_SQLSTATES = new Set(['23503']);
const MISSING_PRISMA = new Set(['P2003', 'P2015', 'P2018', 'P2025']);

const DUPLICATE_SQLSTATES = new Set(['23505']);
const DUPLICATE_PRISMA = new Set(['P2002']);

interface Coded {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

function* chain(error: unknown): Generator<Coded> {
  const queue = [error];
  for (let depth = 0; queue.length > 0 && depth < 8; depth += 1) {
    const current = queue.shift();
    if (!current || typeof current !== 'object') continue;
    const coded = current as Coded;
    yield coded;
    queue.push(coded.cause, coded.meta?.driverAdapterError);
  }
}

/** The code to answer for a database error, or undefined when it is not one (a bug stays a 500). */
export function databaseErrorCode(error: unknown): ErrorCode | undefined {
  for (const each of chain(error)) {
    const code = typeof each.code === 'string' ? each.code : typeof each.originalCode === 'string' ? each.originalCode : '';
    const message = typeof each.message === 'string' ? each.message : '';
    if (
      UNAVAILABLE_PRISMA.has(code) ||
      UNAVAILABLE_SOCKET.has(code) ||
      UNAVAILABLE_SQLSTATES.has(code) ||
      code.startsWith('08') ||
      UNAVAILABLE_ADAPTER_KINDS.has(each.kind as string) ||
      UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known))
    )
      return 'DATABASE_UNAVAILABLE';
    if (INVALID_PRISMA.has(code) || INVALID_SQLSTATES.has(code)) return 'VALIDATION_FAILED';
    if (MISSING_PRISMA.has(code) || MISSING_SQLSTATES.has(code)) return 'NOT_FOUND';
    if (DUPLICATE_PRISMA.has(code) || DUPLICATE_SQLSTATES.has(code)) return 'ALREADY_EXISTS';
  }
  return undefined;
}
