import type { RequestHandler } from 'express';
import { verifyAccessToken } from '../lib/auth-token';
import type { Clock } from '../lib/clock';

/** Reads the bearer token when present; routes decide whether they need it (ApiRouter access). */
export function authenticate(secret: string, clock: Clock): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      req.auth = verifyAccessToken(header.slice('Bearer '.length), secret, clock.now()) ?? undefined;
    }
    next();
  };
}
