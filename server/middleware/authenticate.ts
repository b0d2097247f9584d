import type { RequestHandler } from 'express';
import type pg from 'pg';
import { API_CREDENTIAL_PREFIX } from '../../src/shared/domain/webhook-events';
import { AppError } from '../lib/app-error';
import { verifyAccessToken, type AuthUser } from '../lib/auth-token';
import type { Clock } from '../lib/clock';
import { acceptedVersion, type SessionCache } from '../lib/session-cache';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who a personal API credential acts for (null: unknown, revoked, or its account not active). */
export type CredentialCheck = (
  token: string,
) => Promise<{ user: AuthUser; version: number; credential: { id: string; scope: 'read' | 'write' } } | null>;

/**
 * Reads the bearer token when present; routes decide whether they need it (ApiRouter access). A token counts only
 * while its account is active and still at the version the token was issued under (docs/security.md). A personal API
 * credential (`agk_…`) is looked up at each request, so a revoked one is refused at once; a `read` one is refused
 * on anything but a read (docs/operations.md "Webhooks and API credentials").
 */
export function authenticate(options: {
  secret: string;
  clock: Clock;
  sessions: SessionCache;
  pool: pg.Pool;
  credentials: CredentialCheck;
}): RequestHandler {
  const { secret, clock, sessions, pool, credentials } = options;
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return next();
    const bearer = header.slice('Bearer '.length);
    if (bearer.startsWith(API_CREDENTIAL_PREFIX)) {
      credentials(bearer).then((found) => {
        if (!found) return next();
        if (found.credential.scope === 'read' && !READ_METHODS.has(req.method))
          return next(new AppError('API_CREDENTIAL_READ_ONLY', 'This API credential may only read'));
        req.auth = found.user;
        req.tokenVersion = found.version;
        req.credential = found.credential;
        next();
      }, next);
      return;
    }
    const token = verifyAccessToken(bearer, secret, clock.now());
    if (!token) return next();
    const accept = (version: number | null) => {
      if (version === token.version) {
        req.auth = token.user;
        req.tokenVersion = token.version;
      }
      next();
    };
    // The account's version is nearly always known: the request goes on without waiting for a turn of the event loop.
    const known = sessions.peek(token.user.id);
    if (known !== undefined) return accept(known);
    acceptedVersion(sessions, pool, token.user.id).then(accept, next);
  };
}
