import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../../server/lib/auth-token';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123';
const ISSUED = new Date('2026-06-15T08:00:00Z');
const USER_1 = '5b0c7a3e-2f1d-4c8e-9a6b-1d2e3f4a5b6c';
const USER_2 = '8e9f0a1b-3c4d-4e5f-8a7b-6c5d4e3f2a1b';
const at = (seconds: number) => new Date(ISSUED.getTime() + seconds * 1000);

describe('access tokens', () => {
  const sign = () =>
    signAccessToken({ id: USER_1, email: 'a@example.com', rights: ['USER_LIST_ADMIN'], tokenVersion: 3 }, SECRET, 60, ISSUED).token;

  it('answers the same user at every verification until the expiry, then null', () => {
    const token = sign();

    const first = verifyAccessToken(token, SECRET, at(0));
    const again = verifyAccessToken(token, SECRET, at(59));
    const expired = verifyAccessToken(token, SECRET, at(60));

    expect(first).toMatchObject({ version: 3, user: { id: USER_1, email: 'a@example.com' } });
    expect([...(first?.user.rights ?? [])]).toEqual(['USER_LIST_ADMIN']);
    expect(again).toEqual(first);
    expect(expired).toBeNull();
  });

  it('refuses a token already verified once when it is presented with another secret', () => {
    const token = sign();
    verifyAccessToken(token, SECRET, at(0));

    expect(verifyAccessToken(token, 'another-secret-another-secret-another-1', at(1))).toBeNull();
  });

  it('refuses a token whose claims were altered after a valid one was verified', () => {
    const token = sign();
    verifyAccessToken(token, SECRET, at(0));
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, sub: USER_2 })).toString('base64url'), signature].join('.');

    expect(verifyAccessToken(forged, SECRET, at(1))).toBeNull();
  });

  it('refuses a correctly signed token without an expiry or without a version', () => {
    const claims = { sub: USER_1, email: 'a@example.com', rights: ['USER_LIST_ADMIN'] };
    const iat = Math.floor(ISSUED.getTime() / 1000);
    const noExpiry = jwt.sign({ ...claims, ver: 0, iat }, SECRET, { algorithm: 'HS256' });
    const noVersion = jwt.sign({ ...claims, iat, exp: iat + 60 }, SECRET, { algorithm: 'HS256' });
    const both = jwt.sign({ ...claims, ver: 0, iat, exp: iat + 60 }, SECRET, { algorithm: 'HS256' });

    expect(verifyAccessToken(noExpiry, SECRET, at(1))).toBeNull();
    expect(verifyAccessToken(noVersion, SECRET, at(1))).toBeNull();
    expect(verifyAccessToken(both, SECRET, at(1))).toMatchObject({ version: 0 });
  });

  it('refuses a correctly signed token whose subject is not an account id', () => {
    const iat = Math.floor(ISSUED.getTime() / 1000);
    const claims = { email: 'a@example.com', rights: ['USER_LIST_ADMIN'], ver: 0, iat, exp: iat + 60 };

    expect(verifyAccessToken(jwt.sign({ ...claims, sub: 'user-1' }, SECRET, { algorithm: 'HS256' }), SECRET, at(1))).toBeNull();
    expect(verifyAccessToken(jwt.sign({ ...claims, sub: USER_1 }, SECRET, { algorithm: 'HS256' }), SECRET, at(1))).toMatchObject({
      user: { id: USER_1 },
    });
  });

  it('carries the supervised pilot of the account', () => {
    const token = signAccessToken(
      {
        id: USER_2,
        email: 'p@example.com',
        rights: [],
        tokenVersion: 0,
        pilot: { id: 'pilot-1', level: 2, rights: ['missionPreparation'] },
      },
      SECRET,
      60,
      ISSUED,
    ).token;

    const verified = verifyAccessToken(token, SECRET, at(0));
    expect(verified?.user.pilot).toMatchObject({ id: 'pilot-1', level: 2 });
    expect([...(verified?.user.pilot?.rights ?? [])]).toEqual(['missionPreparation']);
  });
});
