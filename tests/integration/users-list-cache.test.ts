import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app';
import { createContext } from '../../server/context';
import { connectDatabase } from '../../server/lib/database';
import { createLogger } from '../../server/lib/logger';
import type { TableChanges } from '../../server/lib/table-changes';
import type { UserSummary } from '../../src/shared/contracts/users';
import { createUser, login, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, bearer } from './support';

interface Page {
  items: UserSummary[];
  total: number;
}

/** Resolves at the next notification naming `table`, or telling that notifications may have been missed. */
function nextChange(changes: TableChanges, table: string) {
  return new Promise<void>((resolve) => {
    const unsubscribe = changes.subscribe((changed) => {
      if (changed !== table && changed !== null) return;
      unsubscribe();
      resolve();
    });
  });
}

describe('the user list stays exact while its pages are cached', () => {
  let t: TestApp;
  let admin: { Authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN'])).auth;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const marker = () => `mk${randomBytes(4).toString('hex')}`;
  const search = async (text: string) => {
    const response = await request(t.app).get('/api/users').query({ search: text }).set(admin);
    expect(response.status).toBe(200);
    return response.body as Page;
  };

  it('answers a page read twice from the cache, with the same body and ETag, and 304 to a matching If-None-Match', async () => {
    const mk = marker();
    await createUser(t.db.prisma, { lastName: mk });
    const first = await request(t.app).get('/api/users').query({ search: mk }).set(admin);
    const before = t.ctx.userListCache.stats();

    const second = await request(t.app).get('/api/users').query({ search: mk }).set(admin);
    const revalidated = await request(t.app)
      .get('/api/users')
      .query({ search: mk })
      .set({ ...admin, 'If-None-Match': first.headers.etag as string });

    expect(t.ctx.userListCache.stats().hits - before.hits).toBe(2);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(revalidated.status).toBe(304);
  });

  it('shows a user created after the page was cached', async () => {
    const mk = marker();
    await createUser(t.db.prisma, { lastName: mk });
    expect((await search(mk)).total).toBe(1);

    const created = await createUser(t.db.prisma, { lastName: mk });

    const page = await search(mk);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.id)).toContain(created.id);
  });

  it('shows the new name a user gave itself through PATCH /api/account', async () => {
    const mk = marker();
    const { user, auth } = await signedInUser(t.app, t.db.prisma, [], { lastName: mk, firstName: 'Before' });
    expect((await search(mk)).items[0]?.firstName).toBe('Before');

    const updated = await request(t.app).patch('/api/account').set(auth).send({ firstName: 'After' });
    expect(updated.status).toBe(200);

    const page = await search(mk);
    expect(page.items).toEqual([expect.objectContaining({ id: user.id, firstName: 'After' })]);
  });

  it('drops a deleted user', async () => {
    const mk = marker();
    const kept = await createUser(t.db.prisma, { lastName: mk });
    const deleted = await createUser(t.db.prisma, { lastName: mk });
    expect((await search(mk)).total).toBe(2);

    await t.db.prisma.user.delete({ where: { id: deleted.id } });

    const page = await search(mk);
    expect(page.total).toBe(1);
    expect(page.items.map((item) => item.id)).toEqual([kept.id]);
  });

  it('shows a new group membership and a renamed group', async () => {
    const mk = marker();
    const user = await createUser(t.db.prisma, { lastName: mk });
    const group = await t.db.prisma.group.create({ data: { name: `${mk}-pilots`, rights: [] } });
    expect((await search(mk)).items[0]?.groups).not.toContain(group.name);

    await t.db.prisma.user.update({ where: { id: user.id }, data: { groups: { connect: { id: group.id } } } });
    expect((await search(mk)).items[0]?.groups).toContain(`${mk}-pilots`);

    await t.db.prisma.group.update({ where: { id: group.id }, data: { name: `${mk}-instructors` } });
    const groups = (await search(mk)).items[0]?.groups;
    expect(groups).toContain(`${mk}-instructors`);
    expect(groups).not.toContain(`${mk}-pilots`);
  });

  it('keeps its pages through sign-ins, which change no listed field', async () => {
    const { user } = await signedInUser(t.app, t.db.prisma, []);
    await search(user.email);
    const before = t.ctx.userListCache.stats();

    await request(t.app).post('/api/security/login').send({ email: user.email, password: 'Wrong-Password-1!' });
    await login(t.app, user.email);
    await search(user.email);

    const after = t.ctx.userListCache.stats();
    expect(after.invalidations).toBe(before.invalidations);
    expect(after.hits - before.hits).toBe(1);
  });
});

// PGlite serves a single session, so a second server cannot connect to it: the embedded database is one instance.
if (inject('database').kind === 'postgres') {
  describe('the user list of one instance follows the writes of another', () => {
    let t: TestApp;
    let other: ReturnType<typeof connectDatabase>;
    let otherApp: ReturnType<typeof createApp>;
    let admin: { Authorization: string };
    beforeAll(async () => {
      t = await createTestApp();
      other = connectDatabase(t.db.url, { embedded: false });
      otherApp = createApp(
        createContext({ config: t.config, prisma: other.prisma, pool: other.pool, changes: other.changes, logger: createLogger('silent') }),
      );
      admin = (await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN'])).auth;
    });
    afterAll(async () => {
      await other.close();
      await t.close();
    });

    it('shows a user renamed through the other instance once PostgreSQL has notified the change', async () => {
      const mk = marker();
      const { user, session } = await signedInUser(otherApp, other.prisma, [], { lastName: mk, firstName: 'Before' });
      const before = await request(t.app).get('/api/users').query({ search: mk }).set(admin);
      expect((before.body as Page).items[0]?.firstName).toBe('Before');

      const notified = nextChange(t.ctx.changes, 'User');
      const updated = await request(otherApp).patch('/api/account').set(bearer(session.token)).send({ firstName: 'After' });
      expect(updated.status).toBe(200);
      await notified;

      const after = await request(t.app).get('/api/users').query({ search: mk }).set(admin);
      expect((after.body as Page).items).toEqual([expect.objectContaining({ id: user.id, firstName: 'After' })]);
    });

    function marker() {
      return `mk${randomBytes(4).toString('hex')}`;
    }
  });
}
