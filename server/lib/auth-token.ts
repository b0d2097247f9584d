import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { isRight, type Right } from '../../src/shared/domain/rights';

export interface AuthUser {
  id: string;
  email: string;
  rights: ReadonlySet<Right>;
}

interface AccessClaims {
  sub: string;
  email: string;
  rights: string[];
}

export function signAccessToken(
  user: { id: string; email: string; rights: readonly Right[] },
  secret: string,
  ttlSeconds: number,
  now: Date,
) {
  const iat = Math.floor(now.getTime() / 1000);
  const expiredAt = iat + ttlSeconds;
  const claims: AccessClaims & { iat: number; exp: number } = {
    sub: user.id,
    email: user.email,
    rights: [...user.rights],
    iat,
    exp: expiredAt,
  };
  // A unique id per token: two tokens issued in the same second are never the same string.
  return { token: jwt.sign(claims, secret, { algorithm: 'HS256', jwtid: randomUUID() }), expiredAt };
}

export function verifyAccessToken(token: string, secret: string, now: Date): AuthUser | null {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'], clockTimestamp: Math.floor(now.getTime() / 1000) }) as AccessClaims;
    if (typeof claims.sub !== 'string' || !Array.isArray(claims.rights)) return null;
    return { id: claims.sub, email: claims.email, rights: new Set(claims.rights.filter(isRight)) };
  } catch {
    return null;
  }
}
