import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, login, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, bearer, expectError } from './support';

// Issue 13 point 2: every event that ends a session takes effect at the next request, reads and writes, and
// revokes the refresh tokens; a token without `exp` is refused.
describe('sessions that end', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN', 'USER_EDIT_ADMIN', 'GROUP_EDIT_ADMIN', 'GROUP_LIST_ADMIN']);
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  /** A signed-in operator: its token reads (GET /api/account) and writes (PATCH /api/account). */
  async function operator() {
    const user = await createUser(t.db.prisma, { rights: ['MACHINE_LIST', 'MACHINE_EDIT'] });
    const session = await login(t.app, user.email);
    await request(t.app).get('/api/account').set(bearer(session.token)).expect(200);
    return { user, session };
  }

  async function expectEnded(session: { token: string; gjrt: string }) {
    expectError(await request(t.app).get('/api/account').set(bearer(session.token)), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).patch('/api/account').set(bearer(session.token)).send({ newsletter: true }), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).get('/api/machines').set(bearer(session.token)), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).post('/api/security/gjrt').send({ gjrt: session.gjrt }), 401, 'INVALID_REFRESH_TOKEN');
  }

  const adminUpdate = async (userId: string, changes: Record<string, unknown>) => {
    const detail = (await request(t.app).get(`/api/users/${userId}`).set(admin.auth).expect(200)).body;
    const body = {
      ...detail,
      groupIds: detail.groups.map((g: { id: string }) => g.id),
      externalIdentifiers: [],
      ...changes,
    };
    const response = await request(t.app).put(`/api/users/${userId}`).set(admin.auth).send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };

  it('deactivation by an administrator', async () => {
    const { user, session } = await operator();

    await adminUpdate(user.id, { status: 'deactivated' });

    await expectEnded(session);
  });

  it('deletion of the account: its token answers 401, not 500', async () => {
    const { user, session } = await operator();

    await request(t.app).delete(`/api/users/${user.id}`).set(admin.auth).expect(204);

    expectError(await request(t.app).get('/api/account').set(bearer(session.token)), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).patch('/api/account').set(bearer(session.token)).send({ newsletter: true }), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).post('/api/security/gjrt').send({ gjrt: session.gjrt }), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('a change of groups (a role removed)', async () => {
    const { user, session } = await operator();
    const group = await t.db.prisma.group.create({ data: { name: `readers-${user.id}`, rights: ['MACHINE_LIST'] } });

    await adminUpdate(user.id, { groupIds: [group.id] });

    await expectEnded(session);
    const again = await login(t.app, user.email);
    expect(again.roles).toEqual(['ROLE_MACHINE_LIST']);
    expectError(await request(t.app).post('/api/machines').set(bearer(again.token)).send({}), 403, 'NOT_ALLOWED');
  });

  it('a save that changes neither rights, status nor password (a new phone number) keeps the sessions', async () => {
    const { user, session } = await operator();

    await adminUpdate(user.id, { phoneNumber: '+33612345678' });

    await request(t.app).get('/api/machines').set(bearer(session.token)).expect(200);
    await request(t.app).post('/api/security/gjrt').send({ gjrt: session.gjrt }).expect(200);
  });

  it('a change of the rights of one of its groups', async () => {
    const { user, session } = await operator();
    const [group] = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id }, include: { groups: true } })).groups;

    await request(t.app)
      .put(`/api/groups/${group!.id}`)
      .set(admin.auth)
      .send({ name: group!.name, rights: ['MACHINE_LIST'], level: 'basic', memberIds: [user.id] })
      .expect(200);

    await expectEnded(session);
  });

  it('a password change ends every session, the one that made it included', async () => {
    const { user, session } = await operator();
    const other = await login(t.app, user.email);

    await request(t.app)
      .post('/api/security/change-password')
      .set(bearer(session.token))
      .send({ currentPassword: TEST_PASSWORD, password: 'Fresh-Kite-42-Meadow', passwordConfirmation: 'Fresh-Kite-42-Meadow' })
      .expect(200);

    await expectEnded(session);
    await expectEnded(other);
  });

  it('logout: the access token stops at once; another device refreshes and goes on', async () => {
    const { user, session } = await operator();
    const device = await login(t.app, user.email);

    await request(t.app).post('/api/security/logout').set(bearer(session.token)).send({ gjrt: session.gjrt }).expect(204);

    await expectEnded(session);
    expectError(await request(t.app).get('/api/account').set(bearer(device.token)), 401, 'UNAUTHENTICATED');
    const refreshed = await request(t.app).post('/api/security/gjrt').send({ gjrt: device.gjrt }).expect(200);
    await request(t.app).get('/api/account').set(bearer(refreshed.body.token)).expect(200);
  });

  it('a pause earned by a signed-in session guessing the current password ends the sessions', async () => {
    const { session } = await operator();

    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (
          await request(t.app)
            .post('/api/security/change-password')
            .set(bearer(session.token))
            .send({
              currentPassword: `Wrong-Guess-${i}-Aa!`,
              password: 'Fresh-Kite-42-Meadow',
              passwordConfirmation: 'Fresh-Kite-42-Meadow',
            })
        ).body.code,
      );

    expect(codes).toEqual(Array(5).fill('INVALID_CREDENTIALS'));
    await expectEnded(session);
  });

  it('failed sign-ins by someone else do not end the owner’s session (no denial of service)', async () => {
    const { user, session } = await operator();

    for (let i = 0; i < 6; i++) await request(t.app).post('/api/security/login').send({ email: user.email, password: 'Wrong-Guess-1!' });

    await request(t.app).get('/api/account').set(bearer(session.token)).expect(200);
  });

  it('a change written straight in SQL, by no service (a script, another module), ends the session too', async () => {
    const { user, session } = await operator();

    await t.db.prisma.$executeRaw`UPDATE "User" SET status = 'deactivated' WHERE id = ${user.id}::uuid`;

    await expectEnded(session);
  });

  it('a correctly signed token without exp is refused, and one issued under an older version too', async () => {
    const { user, session } = await operator();
    const claims = jwt.decode(session.token) as jwt.JwtPayload;
    const { exp: _exp, ...noExpiry } = claims;
    const forever = jwt.sign(noExpiry, t.config.jwtSecret, { algorithm: 'HS256' });
    const older = jwt.sign({ ...claims, ver: (claims.ver as number) - 1 }, t.config.jwtSecret, { algorithm: 'HS256' });

    expectError(await request(t.app).get('/api/account').set(bearer(forever)), 401, 'UNAUTHENTICATED');
    expectError(await request(t.app).get('/api/account').set(bearer(older)), 401, 'UNAUTHENTICATED');
    await request(t.app).get('/api/account').set(bearer(session.token)).expect(200);
    expect(user.id).toBe(claims.sub);
  });
});
