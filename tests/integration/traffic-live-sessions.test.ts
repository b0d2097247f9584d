import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, login, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { listen, openLive } from './live-support';
import { NEW_PASSWORD, bearer, expectError } from './support';

const BBOX = '2.0,48.6,2.4,48.8';
/** The criterion is one second; the margin is the loaded test machine's. */
const ENDS_WITHIN_MS = 3_000;

// Issue 24 H1: a live stream obeys its session like every REST request: it ends when the account's sessions end.
describe('live streams end with their session', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const clients: { close(): void }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    server = await listen(t.app);
    admin = await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN', 'USER_EDIT_ADMIN', 'GROUP_EDIT_ADMIN', 'GROUP_LIST_ADMIN']);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await t.close();
  });

  /** A signed-in watcher of every position (TRAFFIC_LIST_ADMIN) with its stream open, and a bystander's stream. */
  async function watching() {
    const watcher = await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST_ADMIN']);
    const bystander = await signedInUser(t.app, t.db.prisma, ['TRAFFIC_LIST_ADMIN']);
    const stream = await openLive(server.url, watcher.session.token, BBOX);
    const other = await openLive(server.url, bystander.session.token, BBOX);
    clients.push(stream, other);
    expect(stream.response.status).toBe(200);
    await Promise.all([stream.next('snapshot'), other.next('snapshot')]);
    return { ...watcher, stream, other };
  }

  const adminUpdate = async (userId: string, changes: Record<string, unknown>) => {
    const detail = (await request(t.app).get(`/api/users/${userId}`).set(admin.auth).expect(200)).body;
    const body = { ...detail, groupIds: detail.groups.map((g: { id: string }) => g.id), externalIdentifiers: [], ...changes };
    const response = await request(t.app).put(`/api/users/${userId}`).set(admin.auth).send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };

  async function expectOnlyItEnded(watched: Awaited<ReturnType<typeof watching>>) {
    await watched.stream.ended(ENDS_WITHIN_MS);
    expect(watched.other.open).toBe(true);
    expectError(await request(t.app).get(`/api/traffics/live?bbox=${BBOX}`).set(bearer(watched.session.token)), 401, 'UNAUTHENTICATED');
  }

  it('logout', async () => {
    const watched = await watching();

    await request(t.app).post('/api/security/logout').set(watched.auth).send({ gjrt: watched.session.gjrt }).expect(204);

    await expectOnlyItEnded(watched);
  });

  it('deactivation by an administrator', async () => {
    const watched = await watching();

    await adminUpdate(watched.user.id, { status: 'deactivated' });

    await expectOnlyItEnded(watched);
  });

  it('demotion: the stream ends, and the next one carries the new rights only', async () => {
    const watched = await watching();
    const operators = await t.db.prisma.group.create({ data: { name: `operators-${watched.user.id}`, rights: ['TRAFFIC_LIST'] } });

    await adminUpdate(watched.user.id, { groupIds: [operators.id] });

    await expectOnlyItEnded(watched);
    const again = await login(t.app, watched.user.email);
    expect(again.roles).toEqual(['ROLE_TRAFFIC_LIST']);
  });

  it('password change', async () => {
    const watched = await watching();

    await request(t.app)
      .post('/api/security/change-password')
      .set(watched.auth)
      .send({ currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .expect(200);

    await expectOnlyItEnded(watched);
  });

  it('deletion of the account', async () => {
    const watched = await watching();

    await request(t.app).delete(`/api/users/${watched.user.id}`).set(admin.auth).expect(204);

    await expectOnlyItEnded(watched);
  });

  it('a change written straight in SQL by no service ends the stream too', async () => {
    const watched = await watching();

    await t.db.prisma.$executeRaw`UPDATE "User" SET status = 'deactivated' WHERE id = ${watched.user.id}::uuid`;

    await expectOnlyItEnded(watched);
  });
});
