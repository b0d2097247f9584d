import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
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

const keys = new Map<string, KeyObject>();

/**
 * The secret as a KeyObject, made once: given a string, jsonwebtoken first tries (and fails) to read it as a
 * PEM public key on every verify, which cost a tenth of the API's CPU under load (bench/api.ts).
 */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
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
  return { token: jwt.sign(claims, keyOf(secret), { algorithm: 'HS256', jwtid: randomUUID() }), expiredAt };
}

export function verifyAccessToken(token: string, secret: string, now: Date): AuthUser | null {
  try {
    const claims = jwt.verify(token, keyOf(secret), {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    }) as AccessClaims;
    if (typeof claims.sub !== 'string' || !Array.isArray(claims.rights)) return null;
    return { id: claims.sub, email: claims.email, rights: new Set(claims.rights.filter(isRight)) };
  } catch {
    return null;
  }
}
