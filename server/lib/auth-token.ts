import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { PILOT_RIGHTS, type PilotRight } from '../../src/shared/domain/enums';
import { isRight, type Right } from '../../src/shared/domain/rights';

/** The pilot a supervised account signs in for, with what its operator lets it do (docs/security.md, "Rights"). */
export interface SupervisedPilot {
  id: string;
  level: number;
  rights: ReadonlySet<PilotRight>;
}

export interface AuthUser {
  id: string;
  email: string;
  rights: ReadonlySet<Right>;
  pilot?: SupervisedPilot;
}

interface AccessClaims {
  sub: string;
  email: string;
  rights: string[];
  /** The account's token version when the token was issued (User.tokenVersion). */
  ver: number;
  pilot?: { id: string; level: number; rights: string[] };
}

/** A verified token: its user, and the account's token version it was issued under. */
export interface VerifiedToken {
  user: AuthUser;
  version: number;
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
  user: {
    id: string;
    email: string;
    rights: readonly Right[];
    tokenVersion: number;
    pilot?: { id: string; level: number; rights: readonly PilotRight[] };
  },
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
    ver: user.tokenVersion,
    ...(user.pilot ? { pilot: { ...user.pilot, rights: [...user.pilot.rights] } } : {}),
    iat,
    exp: expiredAt,
  };
  // A unique id per token: two tokens issued in the same second are never the same string.
  return { token: jwt.sign(claims, keyOf(secret), { algorithm: 'HS256', jwtid: randomUUID() }), expiredAt };
}

interface Verified extends VerifiedToken {
  expiresAt: number;
}

const isPilotRight = (value: string): value is PilotRight => (PILOT_RIGHTS as readonly string[]).includes(value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERIFIED_MAX = 10_000;
/** By secret, then by token: a key made of both would be a new string to hash at every request. */
const verifiedBySecret = new Map<string, Map<string, Verified>>();

/**
 * A token's signature and claims never change, so a token verified once is answered from memory until its
 * expiry, re-checked at every call: a client sends the same token with every request for hours, and the HMAC
 * and JSON decoding were a twentieth of the API's CPU under load (bench/api.ts). Only tokens that passed
 * verification are kept, so forged ones cannot fill the memory. A token without `exp` or `ver` is refused: it would
 * never end. Whether the account still accepts the version is the caller's question (server/lib/session-cache.ts).
 */
export function verifyAccessToken(token: string, secret: string, now: Date): VerifiedToken | null {
  const seconds = Math.floor(now.getTime() / 1000);
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new Map()));
  const known = verified.get(token);
  if (known) return seconds < known.expiresAt ? known : null;
  try {
    const claims = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'], clockTimestamp: seconds }) as Partial<AccessClaims> & {
      exp?: unknown;
      nbf?: number;
    };
    // The subject is looked up by id: anything but a UUID is refused here, once, rather than at every request.
    if (typeof claims.sub !== 'string' || !UUID.test(claims.sub) || !Array.isArray(claims.rights)) return null;
    if (typeof claims.exp !== 'number' || !Number.isInteger(claims.ver)) return null;
    const user: AuthUser = { id: claims.sub, email: String(claims.email), rights: new Set(claims.rights.filter(isRight)) };
    if (claims.pilot) {
      user.pilot = { id: claims.pilot.id, level: claims.pilot.level, rights: new Set(claims.pilot.rights.filter(isPilotRight)) };
    }
    const entry: Verified = { user, version: claims.ver!, expiresAt: claims.exp };
    // A token valid only from a later time is verified at every call.
    if (claims.nbf === undefined) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(token, entry);
    }
    return entry;
  } catch {
    return null;
  }
}
