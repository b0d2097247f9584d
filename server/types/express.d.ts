import type { AuthUser } from '../lib/auth-token';

declare global {
  namespace Express {
    interface Request {
      auth?: AuthUser;
      /** The account's token version the bearer token was issued under (set with `auth`). */
      tokenVersion?: number;
      /** Set when the request is authenticated by a personal API credential rather than a session. */
      credential?: { id: string; scope: 'read' | 'write' };
      id: string | number | object;
    }
  }
}

export {};
