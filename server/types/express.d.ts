import type { AuthUser } from '../lib/auth-token';

declare global {
  namespace Express {
    interface Request {
      auth?: AuthUser;
      id: string | number | object;
    }
  }
}

export {};
