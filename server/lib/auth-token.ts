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

interface Verified {
  user: AuthUser;
  expiresAt: number;
}

const VERIFIED_MAX = 10_000;
const verified = new Map<string, Verified>();

/**
 * A token's signature and claims never change, so a token verified once is answered from memory until its
 * expiry, re-checked at every call: a client sends the same token with every request for hours, and the HMAC
 * and JSON decoding were a twentieth of the API's CPU under load (bench/api.ts). Only tokens that passed
 * verification are kept, so forged ones cannot fill the memory.
 */
export function verifyAccessToken(token: string, secret: string, now: Date): AuthUser | null {
  const seconds = Math.floor(now.getTime() / 1000);
  const key = `${secret}\n${token}`;
  const known = verified.get(key);
  if (known) return seconds < known.expiresAt ? known.user : null;
  try {
    const claims = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'], clockTimestamp: seconds }) as AccessClaims & {
      exp?: number;
      nbf?: number;
    };
    if (typeof claims.sub !== 'string' || !Array.isArray(claims.rights)) return null;
    const user: AuthUser = { id: claims.sub, email: claims.email, rights: new Set(claims.rights.filter(isRight)) };
    // Tokens without an expiry, or valid only from a later time, are verified at every call.
    if (typeof claims.exp === 'number' && claims.nbf === undefined) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(key, { user, expiresAt: claims.exp });
    }
    return user;
  } catch {
    return null;
  }
}
