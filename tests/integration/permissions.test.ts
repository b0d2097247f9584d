import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RIGHTS, type Right } from '../../src/shared/domain/rights';
import { createUser, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, expectError, waitForMessages } from './support';

const USER_SUMMARY_FIELDS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'companyName',
  'status',
  'agreementStatus',
  'agreementExpiresAt',
  'groups',
  'createdAt',
];

describe('permissions on the administration endpoints', () => {
  let t: TestApp;
  let admin: { Authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN'])).auth;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const marker = () => `mk${randomBytes(4).toString('hex')}`;

  describe.each(['/api/users', '/api/outbox'])('GET %s', (path) => {
    it('answers 401 UNAUTHENTICATED without a token', async () => {
      expectError(await request(t.app).get(path), 401, 'UNAUTHENTICATED');
    });

    it('answers 403 NOT_ALLOWED to a user holding every right but USER_LIST_ADMIN', async () => {
      const allButOne = RIGHTS.filter((right) => right !== 'USER_LIST_ADMIN') as Right[];
      const { auth } = await signedInUser(t.app, t.db.prisma, allButOne);

      expectError(await request(t.app).get(path).set(auth), 403, 'NOT_ALLOWED');
    });

    it('answers 200 with a page to a user holding USER_LIST_ADMIN', async () => {
      const response = await request(t.app).get(path).set(admin);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ items: expect.any(Array), total: expect.any(Number), page: 1, pageSize: 20 });
    });
  });

  describe('GET /api/users', () => {
    const list = (query: Record<string, string | number | undefined>) => request(t.app).get('/api/users').query(query).set(admin);

    async function usersMarked(count: number, fields: (i: number) => Parameters<typeof createUser>[1] = () => ({})) {
      const mark = marker();
      const users = [];
      for (let i = 0; i < count; i++) users.push(await createUser(t.db.prisma, { companyName: `Fleet ${mark}`, ...fields(i) }));
      return { mark, users };
    }

    it('items carry exactly the summary fields, never a password hash', async () => {
      const { mark, users } = await usersMarked(1, () => ({ firstName: 'Jean', lastName: 'Mermoz' }));

      const response = await list({ search: mark });

      expect(response.body.total).toBe(1);
      expect(Object.keys(response.body.items[0]).sort()).toEqual([...USER_SUMMARY_FIELDS].sort());
      expect(response.body.items[0]).toMatchObject({
        id: users[0]!.id,
        email: users[0]!.email,
        firstName: 'Jean',
        lastName: 'Mermoz',
        status: 'active',
      });
      expect(JSON.stringify(response.body)).not.toContain('passwordHash');
    });

    it('pages by pageSize and tells the total: pages do not overlap and together hold every match', async () => {
      const { mark, users } = await usersMarked(5);

      const pages = [
        await list({ search: mark, pageSize: 2, page: 1 }),
        await list({ search: mark, pageSize: 2, page: 2 }),
        await list({ search: mark, pageSize: 2, page: 3 }),
      ];

      expect(pages.map((p) => [p.body.page, p.body.pageSize, p.body.total, p.body.items.length])).toEqual([
        [1, 2, 5, 2],
        [2, 2, 5, 2],
        [3, 2, 5, 1],
      ]);
      const ids = pages.flatMap((p) => p.body.items.map((item: { id: string }) => item.id));
      expect(new Set(ids).size).toBe(5);
      expect([...ids].sort()).toEqual(users.map((u) => u.id).sort());
    });

    it('a page past the end answers no items and the total', async () => {
      const { mark } = await usersMarked(2);

      const response = await list({ search: mark, pageSize: 2, page: 5 });

      expect(response.body).toEqual({ items: [], total: 2, page: 5, pageSize: 2 });
    });

    it.each([
      { field: 'e-mail', value: (mark: string) => ({ email: `${mark}-pilot@example.com` }) },
      { field: 'last name', value: (mark: string) => ({ lastName: `Last${mark}` }) },
      { field: 'first name', value: (mark: string) => ({ firstName: `First${mark}` }) },
      { field: 'company name', value: (mark: string) => ({ companyName: `Company ${mark}` }) },
    ])('search finds a user by $field, whatever the case', async ({ value }) => {
      const mark = marker();
      const user = await createUser(t.db.prisma, value(mark));
      await createUser(t.db.prisma);

      const response = await list({ search: mark.toUpperCase() });

      expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([user.id]);
    });

    it('filters by account status', async () => {
      const { mark, users } = await usersMarked(3, (i) => ({ status: (['active', 'pending', 'deactivated'] as const)[i] }));

      const response = await list({ search: mark, status: 'pending' });

      expect(response.body.total).toBe(1);
      expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([users[1]!.id]);
    });

    it('filters by agreement status', async () => {
      const { mark, users } = await usersMarked(2, (i) => ({ agreementStatus: i === 0 ? 'validated' : 'rejected' }));

      const response = await list({ search: mark, agreementStatus: 'rejected' });

      expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([users[1]!.id]);
    });

    it('sorts by last name by default, and by e-mail in either order on demand', async () => {
      const mark = marker();
      const names = ['Charlie', 'Alpha', 'Bravo'];
      for (const [i, lastName] of names.entries()) await createUser(t.db.prisma, { lastName, email: `${mark}-${'zyx'[i]}@example.com` });

      const byName = await list({ search: mark });
      const byEmailDesc = await list({ search: mark, sort: 'email', order: 'desc' });
      const byEmailAsc = await list({ search: mark, sort: 'email', order: 'asc' });

      expect(byName.body.items.map((item: { lastName: string }) => item.lastName)).toEqual(['Alpha', 'Bravo', 'Charlie']);
      expect(byEmailDesc.body.items.map((item: { email: string }) => item.email)).toEqual([
        `${mark}-z@example.com`,
        `${mark}-y@example.com`,
        `${mark}-x@example.com`,
      ]);
      expect(byEmailAsc.body.items.map((item: { email: string }) => item.email)).toEqual([
        `${mark}-x@example.com`,
        `${mark}-y@example.com`,
        `${mark}-z@example.com`,
      ]);
    });

    it.each([
      { input: 'a sort on a column that is not offered (passwordHash)', query: { sort: 'passwordHash' }, field: 'sort' },
      { input: 'a page size over 100', query: { pageSize: 101 }, field: 'pageSize' },
      { input: 'a page 0', query: { page: 0 }, field: 'page' },
      { input: 'an unknown status', query: { status: 'banned' }, field: 'status' },
      { input: 'an unknown order', query: { order: 'sideways' }, field: 'order' },
    ])('$input answers 422 VALIDATION_FAILED on $field', async ({ query, field }) => {
      const response = await list(query);

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(Object.keys(response.body.fields)).toEqual([field]);
    });
  });

  describe('GET /api/outbox', () => {
    const list = (query: Record<string, string | number>) => request(t.app).get('/api/outbox').query(query).set(admin);

    async function messagesTo(recipient: string) {
      await t.db.prisma.outboxMessage.createMany({
        data: [
          { channel: 'email', recipient, subject: 'Hello', text: 'an e-mail', status: 'recorded' },
          { channel: 'sms', recipient, text: 'an sms', status: 'sent' },
          { channel: 'authority', recipient, text: 'a notification', status: 'failed', error: 'down' },
        ],
      });
    }

    it('filters by channel', async () => {
      const recipient = `${marker()}@example.com`;
      await messagesTo(recipient);

      const sms = await list({ recipient, channel: 'sms' });
      const all = await list({ recipient });

      expect(sms.body.total).toBe(1);
      expect(sms.body.items).toEqual([expect.objectContaining({ channel: 'sms', recipient, text: 'an sms', status: 'sent' })]);
      expect(all.body.total).toBe(3);
      expect(all.body.items.map((item: { channel: string }) => item.channel).sort()).toEqual(['authority', 'email', 'sms']);
    });

    it('shows the messages the platform sent, e.g. the reset link of a user', async () => {
      const user = await createUser(t.db.prisma);
      await request(t.app).post('/api/security/forgotten-password').send({ email: user.email }).expect(202);
      await waitForMessages(t, user.email);

      const response = await list({ recipient: user.email, channel: 'email' });

      expect(response.body.items).toHaveLength(1);
      expect(response.body.items[0].text).toContain('http://aerogate.test/reset-password/');
    });

    it('an unknown channel answers 422 VALIDATION_FAILED on channel', async () => {
      const response = await list({ channel: 'pigeon' });

      expectError(response, 422, 'VALIDATION_FAILED');
      expect(Object.keys(response.body.fields)).toEqual(['channel']);
    });
  });
});
