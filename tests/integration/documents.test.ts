import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '../../src/shared/contracts/documents';
import { RIGHTS, type Right } from '../../src/shared/domain/rights';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { expectError } from './support';

const NO_ID = '00000000-0000-4000-8000-000000000000';

/** The smallest file that file-type reads as a PDF, with a body to tell files apart. */
const pdf = (body = 'hello') => Buffer.from(`%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n% ${body}\n%%EOF\n`, 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('documents', () => {
  let t: TestApp;
  let editor: Awaited<ReturnType<typeof signedInUser>>;
  let reader: Awaited<ReturnType<typeof signedInUser>>;
  let readerGroupId: string;
  let otherGroupId: string;
  const folder = () => path.join(t.config.dataDir, 'documents');
  const storedFiles = () => (existsSync(folder()) ? readdirSync(folder()) : []);

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signedInUser(t.app, t.db.prisma, ['DOCUMENTATION_EDIT_ADMIN']);
    reader = await signedInUser(t.app, t.db.prisma, ['DOCUMENTATION_LIST']);
    readerGroupId = (await t.db.prisma.group.findFirstOrThrow({ where: { members: { some: { id: reader.user.id } } } })).id;
    otherGroupId = (await t.db.prisma.group.create({ data: { name: `pilots-${Date.now()}`, rights: ['DOCUMENTATION_LIST'] } })).id;
  });
  afterAll(() => t.close());

  const upload = (
    method: 'post' | 'put',
    url: string,
    fields: { title?: string; groups?: string[] },
    file: Buffer | null,
    auth = editor.auth,
    fileName = 'manual.pdf',
  ) => {
    let call = request(t.app)[method](url).set(auth);
    if (fields.title !== undefined) call = call.field('title', fields.title);
    for (const group of fields.groups ?? []) call = call.field('restrictToGroups', group);
    return file ? call.attach('file', file, { filename: fileName, contentType: 'application/pdf' }) : call;
  };
  const create = (fields: { title?: string; groups?: string[] }, file: Buffer | null = pdf()) =>
    upload('post', '/api/documents', fields, file);

  describe('authentication and rights', () => {
    const endpoints: [string, string, Right[]][] = [
      ['get', '/api/documents', ['DOCUMENTATION_LIST', 'DOCUMENTATION_EDIT_ADMIN']],
      ['get', '/api/documents/groups', ['DOCUMENTATION_EDIT_ADMIN']],
      ['post', '/api/documents', ['DOCUMENTATION_EDIT_ADMIN']],
      ['get', `/api/documents/${NO_ID}`, ['DOCUMENTATION_LIST', 'DOCUMENTATION_EDIT_ADMIN']],
      ['get', `/api/documents/${NO_ID}/file`, ['DOCUMENTATION_LIST', 'DOCUMENTATION_EDIT_ADMIN']],
      ['put', `/api/documents/${NO_ID}`, ['DOCUMENTATION_EDIT_ADMIN']],
      ['delete', `/api/documents/${NO_ID}`, ['DOCUMENTATION_EDIT_ADMIN']],
    ];
    it.each(endpoints)('%s %s answers 401 UNAUTHENTICATED without a token', async (method, url) => {
      expectError(await request(t.app)[method as 'get'](url), 401, 'UNAUTHENTICATED');
    });
    it.each(endpoints)('%s %s answers 403 NOT_ALLOWED to a user holding every right but %j', async (method, url, rights) => {
      const { auth } = await signedInUser(t.app, t.db.prisma, RIGHTS.filter((r) => !rights.includes(r)) as Right[]);
      expectError(await request(t.app)[method as 'get'](url).set(auth), 403, 'NOT_ALLOWED');
    });
  });

  it('stores a PDF document under DATA_DIR/documents and streams it back to a reader', async () => {
    const content = pdf('operations manual');

    const created = await create({ title: 'Operations manual' }, content);
    const file = await request(t.app).get(`/api/documents/${created.body.id}/file`).set(reader.auth).buffer(true);

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Operations manual',
      restrictToGroups: [],
      fileName: 'manual.pdf',
      fileSize: content.length,
    });
    expect(storedFiles()).toContain(`${created.body.id}.pdf`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.body as Buffer, content)).toBe(0);
  });

  it('keeps a document restricted to a group out of reach of readers outside it (404), and readable by its members', async () => {
    const outsider = await signedInUser(t.app, t.db.prisma, ['DOCUMENTATION_LIST']);
    const restricted = (await create({ title: 'Members only', groups: [readerGroupId, otherGroupId] })).body;

    const members = await request(t.app).get('/api/documents').query({ search: 'members only' }).set(reader.auth);
    const outsiders = await request(t.app).get('/api/documents').query({ search: 'members only' }).set(outsider.auth);

    expect(members.body.items.map((d: { id: string }) => d.id)).toEqual([restricted.id]);
    expect(outsiders.body.total).toBe(0);
    expectError(await request(t.app).get(`/api/documents/${restricted.id}`).set(outsider.auth), 404, 'NOT_FOUND');
    expectError(await request(t.app).get(`/api/documents/${restricted.id}/file`).set(outsider.auth), 404, 'NOT_FOUND');
    expect((await request(t.app).get(`/api/documents/${restricted.id}/file`).set(reader.auth)).status).toBe(200);
  });

  it('refuses a file whose content is not a PDF, even announced as one, and stores nothing', async () => {
    const before = { rows: await t.db.prisma.document.count(), files: storedFiles().length };

    const response = await create({ title: 'Disguised image' }, PNG);

    expectError(response, 415, 'UPLOAD_INVALID_TYPE');
    expect(await t.db.prisma.document.count()).toBe(before.rows);
    expect(storedFiles()).toHaveLength(before.files);
  });

  it('refuses a file over the size limit and a second file, and stores nothing', async () => {
    const before = { rows: await t.db.prisma.document.count(), files: storedFiles().length };
    const tooBig = Buffer.concat([pdf(), Buffer.alloc(DOCUMENT_MAX_BYTES)]);

    const big = await create({ title: 'Huge' }, tooBig);
    const two = await request(t.app)
      .post('/api/documents')
      .set(editor.auth)
      .field('title', 'Two files')
      .attach('file', pdf(), 'a.pdf')
      .attach('file', pdf(), 'b.pdf');

    expectError(big, 413, 'UPLOAD_TOO_BIG');
    expectError(two, 409, 'UPLOAD_TOO_MANY_FILES');
    expect(await t.db.prisma.document.count()).toBe(before.rows);
    expect(storedFiles()).toHaveLength(before.files);
  });

  it.each([
    ['title', { title: ' ' }, 'validation:required'],
    ['restrictToGroups', { title: 'Groups', groups: [NO_ID] }, 'validation:invalidValue'],
    ['restrictToGroups.0', { title: 'Groups', groups: ['nope'] }, 'validation:invalid'],
  ])('refuses %s (%j) with %s', async (field, fields, message) => {
    const response = await create(fields);

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields[field]).toContain(message);
  });

  it('refuses a new document without a file', async () => {
    const response = await create({ title: 'No file' }, null);

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields.file).toEqual(['validation:fileRequired']);
  });

  it('replaces the title and groups, keeping the file unless a new one is sent', async () => {
    const created = (await create({ title: 'Draft' }, pdf('first'))).body;

    const kept = await upload('put', `/api/documents/${created.id}`, { title: 'Final', groups: [otherGroupId] }, null);
    const replaced = await upload('put', `/api/documents/${created.id}`, { title: 'Final' }, pdf('second version'), editor.auth, 'v2.pdf');
    const file = await request(t.app).get(`/api/documents/${created.id}/file`).set(editor.auth).buffer(true);

    expect(kept.body).toMatchObject({ title: 'Final', restrictToGroups: [{ id: otherGroupId }], fileName: 'manual.pdf' });
    expect(replaced.body).toMatchObject({ restrictToGroups: [], fileName: 'v2.pdf', fileSize: pdf('second version').length });
    expect((file.body as Buffer).toString('latin1')).toContain('second version');
  });

  it('lists with search, group filter and sort; an editor sees every document', async () => {
    const a = (await create({ title: 'ZList A', groups: [otherGroupId] })).body;
    const b = (await create({ title: 'ZList B' })).body;

    const sorted = await request(t.app).get('/api/documents').query({ search: 'zlist', sort: 'title', order: 'desc' }).set(editor.auth);
    const byGroup = await request(t.app).get('/api/documents').query({ search: 'zlist', groupId: otherGroupId }).set(editor.auth);
    const groups = await request(t.app).get('/api/documents/groups').set(editor.auth);

    expect(sorted.body.items.map((d: { id: string }) => d.id)).toEqual([b.id, a.id]);
    expect(byGroup.body.items.map((d: { id: string }) => d.id)).toEqual([a.id]);
    expect(groups.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: otherGroupId })]));
  });

  it('deletes a document and its file', async () => {
    const created = (await create({ title: 'Obsolete' })).body;

    expect((await request(t.app).delete(`/api/documents/${created.id}`).set(editor.auth)).status).toBe(204);
    expect(storedFiles()).not.toContain(`${created.id}.pdf`);
    expectError(await request(t.app).get(`/api/documents/${created.id}`).set(editor.auth), 404, 'NOT_FOUND');
  });
});
