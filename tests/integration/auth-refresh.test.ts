import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, login } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, DAY, bearer, expectError } from './support';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('refresh token rotation and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const refresh = (gjrt: unknown) => request(t.app).post('/api/security/gjrt').send({ gjrt });
  const tokenRow = (gjrt: string) => t.db.prisma.refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(gjrt) } });

  async function signIn(rights: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.db.prisma, rights);
    return { user, session: await login(t.app, user.email) };
  }

  describe('POST /api/security/gjrt', () => {
    it('rotation answers a new gjrt and a new access token, in the same family, and marks the old gjrt used', async () => {
      const { user, session } = await signIn();
      t.clock.advance(60_000);

      const response = await refresh(session.gjrt);

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email: user.email, token: expect.any(String), gjrt: expect.any(String) });
      expect(response.body.gjrt).not.toBe(session.gjrt);
      expect(response.body.token).not.toBe(session.token);
      expect(response.body.expiredAt).toBe(Math.floor(t.clock.now().getTime() / 1000) + t.config.accessTokenTtlSeconds);
      const [old, next] = [await tokenRow(session.gjrt), await tokenRow(response.body.gjrt)];
      expect(old.usedAt).toEqual(t.clock.now());
      expect(next).toMatchObject({ familyId: old.familyId, usedAt: null, revokedAt: null });
    });

    it('the new access token opens signed-in endpoints', async () => {
      const { session } = await signIn();

      const rotated = (await refresh(session.gjrt)).body;

      expect((await request(t.app).get('/api/account').set(bearer(rotated.token))).status).toBe(200);
    });

    it('a change of groups ends the session: the refresh is refused and the next sign-in carries the new rights', async () => {
      const { user, session } = await signIn();
      await t.db.prisma.group.create({
        data: { name: `admins-${user.id}`, rights: ['USER_LIST_ADMIN'], members: { connect: { id: user.id } } },
      });

      expectError(await refresh(session.gjrt), 401, 'INVALID_REFRESH_TOKEN');
      const again = (await request(t.app).post('/api/security/login').send({ email: user.email, password: TEST_PASSWORD })).body;
      expect(again.roles).toEqual(['ROLE_USER_LIST_ADMIN']);
      expect((await request(t.app).get('/api/users').set(bearer(again.token))).status).toBe(200);
    });

    it('the new gjrt can itself be rotated, again and again', async () => {
      const { session } = await signIn();

      let gjrt = session.gjrt;
      for (let i = 0; i < 3; i++) {
        const response = await refresh(gjrt);
        expect(response.status).toBe(200);
        gjrt = response.body.gjrt;
      }
    });

    it('the old gjrt presented again answers 401 INVALID_REFRESH_TOKEN and revokes the new one of the same family', async () => {
      const { user, session } = await signIn();
      const rotated = (await refresh(session.gjrt)).body;

      const replay = await refresh(session.gjrt);

      expectError(replay, 401, 'INVALID_REFRESH_TOKEN');
      expect((await tokenRow(rotated.gjrt)).revokedAt).not.toBeNull();
      expectError(await refresh(rotated.gjrt), 401, 'INVALID_REFRESH_TOKEN');
      expect(await t.db.prisma.auditLog.count({ where: { subjectId: user.id, action: 'refresh.reuse' } })).toBeGreaterThanOrEqual(1);
    });

    it('reuse revokes only the family replayed: another session of the same user keeps refreshing', async () => {
      const { user, session } = await signIn();
      const other = await login(t.app, user.email);
      await refresh(session.gjrt);

      await refresh(session.gjrt);

      expect((await refresh(other.gjrt)).status).toBe(200);
    });

    it.each([
      { input: 'an unknown gjrt', gjrt: 'not-a-token-we-ever-issued' },
      { input: 'a gjrt of the right shape but never issued', gjrt: 'A'.repeat(43) },
    ])('$input answers 401 INVALID_REFRESH_TOKEN', async ({ gjrt }) => {
      const response = await refresh(gjrt);

      expectError(response, 401, 'INVALID_REFRESH_TOKEN');
    });

    it.each([
      { input: 'an empty gjrt', body: { gjrt: '' } },
      { input: 'a missing gjrt', body: {} },
      { input: 'a non-string gjrt', body: { gjrt: 42 } },
    ])('$input answers 422 VALIDATION_FAILED on the gjrt field', async ({ body }) => {
      const response = await request(t.app).post('/api/security/gjrt').send(body);

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(Object.keys(response.body.fields)).toEqual(['gjrt']);
    });

    it('a gjrt still answers just before REFRESH_TOKEN_TTL_DAYS', async () => {
      const { session } = await signIn();
      t.clock.advance(t.config.refreshTokenTtlDays * DAY - 1000);

      expect((await refresh(session.gjrt)).status).toBe(200);
    });

    it('a gjrt older than REFRESH_TOKEN_TTL_DAYS answers 401 INVALID_REFRESH_TOKEN and issues nothing', async () => {
      const { user, session } = await signIn();
      t.clock.advance(t.config.refreshTokenTtlDays * DAY + 1000);

      const response = await refresh(session.gjrt);

      expectError(response, 401, 'INVALID_REFRESH_TOKEN');
      expect(await t.db.prisma.refreshToken.count({ where: { userId: user.id } })).toBe(1);
    });

    it('a deactivated user cannot refresh, and the family is revoked', async () => {
      const { user, session } = await signIn();
      await t.db.prisma.user.update({ where: { id: user.id }, data: { status: 'deactivated' } });

      const response = await refresh(session.gjrt);

      expectError(response, 401, 'INVALID_REFRESH_TOKEN');
      expect(await t.db.prisma.refreshToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
      await t.db.prisma.user.update({ where: { id: user.id }, data: { status: 'active' } });
      expectError(await refresh(session.gjrt), 401, 'INVALID_REFRESH_TOKEN');
    });

    it('failed sign-ins by someone else leave the owner’s session refreshing (the pause is not a denial of service)', async () => {
      const { user, session } = await signIn();
      for (let i = 0; i < 5; i++)
        await request(t.app).post('/api/security/login').send({ email: user.email, password: 'Wrong-Password-1!' });

      const response = await refresh(session.gjrt);

      expect(response.status).toBe(200);
    });
  });

  describe('POST /api/security/logout', () => {
    it('answers 204 and revokes the family: the gjrt no longer refreshes', async () => {
      const { session } = await signIn();

      const response = await request(t.app).post('/api/security/logout').set(bearer(session.token)).send({ gjrt: session.gjrt });

      expect(response.status).toBe(204);
      expect((await tokenRow(session.gjrt)).revokedAt).not.toBeNull();
      expectError(await refresh(session.gjrt), 401, 'INVALID_REFRESH_TOKEN');
    });

    it('revokes the rotated tokens of the family too', async () => {
      const { session } = await signIn();
      const rotated = (await refresh(session.gjrt)).body;

      await request(t.app).post('/api/security/logout').set(bearer(rotated.token)).send({ gjrt: rotated.gjrt }).expect(204);

      expectError(await refresh(rotated.gjrt), 401, 'INVALID_REFRESH_TOKEN');
    });

    it('leaves the other sessions of the user alone', async () => {
      const { user, session } = await signIn();
      const other = await login(t.app, user.email);

      await request(t.app).post('/api/security/logout').set(bearer(session.token)).send({ gjrt: session.gjrt }).expect(204);

      expect((await refresh(other.gjrt)).status).toBe(200);
    });

    it('requires a token: without one it answers 401 UNAUTHENTICATED and revokes nothing', async () => {
      const { session } = await signIn();

      const response = await request(t.app).post('/api/security/logout').send({ gjrt: session.gjrt });

      expectError(response, 401, 'UNAUTHENTICATED');
      expect((await tokenRow(session.gjrt)).revokedAt).toBeNull();
      expect((await refresh(session.gjrt)).status).toBe(200);
    });

    it("cannot revoke another user's session", async () => {
      const victim = await signIn();
      const attacker = await signIn();

      const response = await request(t.app)
        .post('/api/security/logout')
        .set(bearer(attacker.session.token))
        .send({ gjrt: victim.session.gjrt });

      expect(response.status).toBe(204);
      expect((await refresh(victim.session.gjrt)).status).toBe(200);
    });
  });
});
