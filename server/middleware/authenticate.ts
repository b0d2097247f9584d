import type { RequestHandler } from 'express';
import type pg from 'pg';
import { verifyAccessToken } from '../lib/auth-token';
import type { Clock } from '../lib/clock';
import { acceptedVersion, type SessionCache } from '../lib/session-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the bearer token when present; routes decide whether they need it (ApiRouter access). A token counts only
 * while its account is active and still at the version the token was issued under (docs/security.md).
 */
export function authenticate(options: { secret: string; clock: Clock; sessions: SessionCache; pool: pg.Pool }): RequestHandler {
  const { secret, clock, sessions, pool } = options;
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return next();
    const token = verifyAccessToken(header.slice('Bearer '.length), secret, clock.now());
    if (!token || !UUID.test(token.user.id)) return next();
    acceptedVersion(sessions, pool, token.user.id).then((version) => {
      if (version === token.version) {
        req.auth = token.user;
        req.tokenVersion = token.version;
      }
      next();
    }, next);
  };
}
