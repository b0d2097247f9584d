import type { AuthUser } from '../lib/auth-token';

declare global {
  namespace Express {
    interface Request {
      auth?: AuthUser;
      /** The account's token version the bearer token was issued under (set with `auth`). */
      tokenVersion?: number;
      id: string | number | object;
    }
  }
}

export {};
