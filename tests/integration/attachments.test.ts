import { existsSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_RECORD_MAX } from '../../src/shared/domain/limits';
import type { Right } from '../../src/shared/domain/rights';
import { pdfBytes, pngBytes } from '../factories/files';
import { createDroneModel, createMachine, createPilot } from '../factories/registry';
import { createUser, login, signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, bearer, expectError } from './support';

const NO_ID = '00000000-0000-4000-8000-000000000000';
type Auth = Record<string, string>;

describe('attachments', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let validator: Awaited<ReturnType<typeof signedInUser>>;
  // Cloning the template database can take longer than the default 10 s on a busy machine.
  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInUser(t.app, t.db.prisma, ['PILOT_LIST', 'PILOT_EDIT', 'MACHINE_LIST', 'MACHINE_EDIT'], {
      lastName: 'Operator',
    });
    other = await signedInUser(t.app, t.db.prisma, ['PILOT_LIST', 'PILOT_EDIT', 'MACHINE_LIST', 'MACHINE_EDIT']);
    validator = await signedInUser(t.app, t.db.prisma, ['ATTACHEMENT_VALIDATE']);
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const storedFiles = () => {
    try {
      return readdirSync(path.join(t.config.dataDir, 'attachments')).length;
    } catch {
      return 0;
    }
  };
  const rows = (recordId: string) => t.db.prisma.attachment.count({ where: { recordId } });

  function upload(
    auth: Auth | null,
    fields: { recordType: string; recordId: string; kind: string },
    file?: { bytes: Buffer; name: string; contentType?: string },
  ) {
    let call = request(t.app).post('/api/attachments');
    if (auth) call = call.set(auth);
    call = call.field('recordType', fields.recordType).field('recordId', fields.recordId).field('kind', fields.kind);
    if (file) call = call.attach('file', file.bytes, { filename: file.name, contentType: file.contentType ?? 'application/octet-stream' });
    return call;
  }
  const ownDocument = (kind = 'insuranceCertificate') => ({ recordType: 'user', recordId: operator.user.id, kind });

  describe('upload', () => {
    it('stores a PDF under DATA_DIR/attachments with its metadata, pending validation', async () => {
      const bytes = pdfBytes();
      const response = await upload(operator.auth, ownDocument('operationsManual'), { bytes, name: 'Manuel opérations.pdf' });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({
        recordType: 'user',
        recordId: operator.user.id,
        ownerId: operator.user.id,
        kind: 'operationsManual',
        originalName: 'Manuel opérations.pdf',
        mime: 'application/pdf',
        size: bytes.length,
        status: 'pending',
        rejectionReason: null,
      });
      expect(response.body.sha256).toMatch(/^[0-9a-f]{64}$/);
      const row = await t.db.prisma.attachment.findUniqueOrThrow({ where: { id: response.body.id } });
      expect(row.storedName).not.toContain('Manuel');
      expect(readdirSync(path.join(t.config.dataDir, 'attachments'))).toContain(row.storedName);
    });

    it('accepts a PNG scan of an ID document', async () => {
      const response = await upload(operator.auth, ownDocument('idDocument'), {
        bytes: pngBytes(),
        name: 'id.png',
        contentType: 'image/png',
      });
      expect(response.status).toBe(201);
      expect(response.body.mime).toBe('image/png');
    });

    const refusedTypes: [string, Buffer, string, string][] = [
      ['a PNG named .pdf', pngBytes(), 'scan.pdf', 'insuranceCertificate'],
      ['a text file named .pdf', Buffer.from('just some text, not a PDF at all\n'), 'notes.pdf', 'insuranceCertificate'],
      ['a PNG where only PDF is accepted (operations manual)', pngBytes(), 'manual.png', 'operationsManual'],
      ['an HTML page named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'page.png', 'idDocument'],
    ];
    it.each(refusedTypes)('refuses %s with 415 UPLOAD_INVALID_TYPE and stores nothing', async (_label, bytes, name, kind) => {
      const [files, count] = [storedFiles(), await rows(operator.user.id)];
      expectError(await upload(operator.auth, ownDocument(kind), { bytes, name }), 415, 'UPLOAD_INVALID_TYPE');
      expect([storedFiles(), await rows(operator.user.id)]).toEqual([files, count]);
    });

    it('refuses a file over the size limit with 413 UPLOAD_TOO_BIG and stores nothing', async () => {
      const big = Buffer.concat([pdfBytes(), Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
      const [files, count] = [storedFiles(), await rows(operator.user.id)];
      expectError(await upload(operator.auth, ownDocument(), { bytes: big, name: 'big.pdf' }), 413, 'UPLOAD_TOO_BIG');
      expect([storedFiles(), await rows(operator.user.id)]).toEqual([files, count]);
    });

    const uploading = () => {
      const dir = path.join(t.config.dataDir, 'uploads');
      return existsSync(dir) ? readdirSync(dir).map((name) => statSync(path.join(dir, name)).size) : [];
    };

    it('streams the file to DATA_DIR/uploads while it arrives, and leaves nothing there once answered', async () => {
      const server = t.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const boundary = 'aerogate-boundary';
        const field = (name: string, value: string) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
        const head = Buffer.from(
          field('recordType', 'user') +
            field('recordId', operator.user.id) +
            field('kind', 'insuranceCertificate') +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        );
        const pdf = pdfBytes();
        const padding = Buffer.alloc(2 * 1024 * 1024, 0x20);
        const call = httpRequest({
          host: '127.0.0.1',
          port: (server.address() as AddressInfo).port,
          path: '/api/attachments',
          method: 'POST',
          headers: { ...operator.auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        });
        const answered = new Promise<number>((resolve, reject) => {
          call.on('response', (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          });
          call.on('error', reject);
        });
        call.write(Buffer.concat([head, pdf, padding]));
        // The first 2 MB are on disk before the request has ended: nothing holds the whole body in memory.
        await vi.waitFor(() => expect(Math.max(0, ...uploading())).toBeGreaterThanOrEqual(padding.length), { timeout: 10_000 });
        call.end(Buffer.concat([padding, Buffer.from(`\r\n--${boundary}--\r\n`)]));
        expect(await answered).toBe(201);
        await vi.waitFor(() => expect(uploading()).toEqual([]));
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('leaves nothing in DATA_DIR/uploads after refusing a file by type or size', async () => {
      expectError(await upload(operator.auth, ownDocument(), { bytes: pngBytes(), name: 'scan.pdf' }), 415, 'UPLOAD_INVALID_TYPE');
      const big = Buffer.concat([pdfBytes(), Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
      expectError(await upload(operator.auth, ownDocument(), { bytes: big, name: 'big.pdf' }), 413, 'UPLOAD_TOO_BIG');
      await vi.waitFor(() => expect(uploading()).toEqual([]));
    });

    it('refuses two files in one request with UPLOAD_TOO_MANY_FILES', async () => {
      const response = await upload(operator.auth, ownDocument(), { bytes: pdfBytes(), name: 'a.pdf' }).attach('file', pdfBytes(), 'b.pdf');
      expectError(response, 409, 'UPLOAD_TOO_MANY_FILES');
    });

    it(`refuses file ${ATTACHMENTS_PER_RECORD_MAX + 1} of a record with 409 UPLOAD_TOO_MANY_FILES and stores nothing`, async () => {
      const machine = await createMachine(t.db.prisma, operator.user.id);
      const fields = { recordType: 'machine', recordId: machine.id, kind: 'machineDocument' };
      for (let i = 0; i < ATTACHMENTS_PER_RECORD_MAX; i++) {
        expect((await upload(operator.auth, fields, { bytes: pdfBytes(`doc ${i}`), name: `doc-${i}.pdf` })).status).toBe(201);
      }
      const files = storedFiles();
      expectError(await upload(operator.auth, fields, { bytes: pdfBytes(), name: 'one-too-many.pdf' }), 409, 'UPLOAD_TOO_MANY_FILES');
      expect([storedFiles(), await rows(machine.id)]).toEqual([files, ATTACHMENTS_PER_RECORD_MAX]);
    });

    it('asks for a file: 422 UPLOAD_FILE_REQUIRED', async () => {
      expectError(await upload(operator.auth, ownDocument()), 422, 'UPLOAD_FILE_REQUIRED');
    });

    it('refuses a kind that does not belong to the record type (422 VALIDATION_FAILED on kind)', async () => {
      const response = await upload(
        operator.auth,
        { recordType: 'user', recordId: operator.user.id, kind: 'UMM' },
        { bytes: pdfBytes(), name: 'a.pdf' },
      );
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(response.body.fields).toEqual({ kind: ['validation:invalidValue'] });
    });

    it('answers 401 without a token and stores nothing', async () => {
      const files = storedFiles();
      expectError(await upload(null, ownDocument(), { bytes: pdfBytes(), name: 'a.pdf' }), 401, 'UNAUTHENTICATED');
      expect(storedFiles()).toBe(files);
    });

    it("answers 404 for another operator's record, pilot or machine, and stores nothing", async () => {
      const pilot = await createPilot(t.db.prisma, other.user.id);
      const machine = await createMachine(t.db.prisma, other.user.id);
      for (const fields of [
        { recordType: 'user', recordId: other.user.id, kind: 'idDocument' },
        { recordType: 'pilot', recordId: pilot.id, kind: 'pilotDocument' },
        { recordType: 'machine', recordId: machine.id, kind: 'machineDocument' },
        { recordType: 'machine', recordId: NO_ID, kind: 'machineDocument' },
      ]) {
        expectError(await upload(operator.auth, fields, { bytes: pdfBytes(), name: 'a.pdf' }), 404, 'NOT_FOUND');
      }
      expect(await rows(other.user.id)).toBe(0);
    });

    it('needs MACHINE_EDIT for a machine file (403) and DRONEMODEL_EDIT_ADMIN for the shared catalogue (403)', async () => {
      const reader = await signedInUser(t.app, t.db.prisma, ['MACHINE_LIST']);
      const machine = await createMachine(t.db.prisma, reader.user.id);
      const shared = await createDroneModel(t.db.prisma);
      expectError(
        await upload(
          reader.auth,
          { recordType: 'machine', recordId: machine.id, kind: 'machineDocument' },
          { bytes: pdfBytes(), name: 'a.pdf' },
        ),
        403,
        'NOT_ALLOWED',
      );
      expectError(
        await upload(operator.auth, { recordType: 'droneModel', recordId: shared.id, kind: 'UMM' }, { bytes: pdfBytes(), name: 'umm.pdf' }),
        403,
        'NOT_ALLOWED',
      );
      const admin = await signedInUser(t.app, t.db.prisma, ['DRONEMODEL_EDIT_ADMIN']);
      const response = await upload(
        admin.auth,
        { recordType: 'droneModel', recordId: shared.id, kind: 'UMM' },
        { bytes: pdfBytes(), name: 'umm.pdf' },
      );
      expect(response.status).toBe(201);
      expect(response.body.ownerId).toBeNull();
      // The shared catalogue is everyone's to read.
      expect((await request(t.app).get(`/api/attachments/${response.body.id}/content`).set(other.auth)).status).toBe(200);
    });

    it("an administrator (USER_EDIT_ADMIN) uploads to a user's record", async () => {
      const admin = await signedInUser(t.app, t.db.prisma, ['USER_EDIT_ADMIN']);
      const pilot = await createPilot(t.db.prisma, other.user.id);
      const response = await upload(
        admin.auth,
        { recordType: 'pilot', recordId: pilot.id, kind: 'pilotDocument' },
        { bytes: pngBytes(), name: 'licence.png' },
      );
      expect(response.status).toBe(201);
      expect(response.body.ownerId).toBe(other.user.id);
    });
  });

  describe('reading', () => {
    let attachmentId: string;
    let bytes: Buffer;
    beforeAll(async () => {
      bytes = pdfBytes('read me');
      attachmentId = (await upload(operator.auth, ownDocument(), { bytes, name: 'Assurance été 2026.pdf' })).body.id;
    });

    it('serves the file to its owner with its type, a safe Content-Disposition and nosniff', async () => {
      const response = await request(t.app).get(`/api/attachments/${attachmentId}/content`).set(operator.auth).buffer(true);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="Assurance _t_ 2026.pdf"; filename*=UTF-8''Assurance%20%C3%A9t%C3%A9%202026.pdf`,
      );
      expect(Buffer.compare(response.body as Buffer, bytes)).toBe(0);
      const download = await request(t.app).get(`/api/attachments/${attachmentId}/content?download=true`).set(operator.auth);
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it("answers 404 to another operator, for the metadata, the content and the record's list", async () => {
      expectError(await request(t.app).get(`/api/attachments/${attachmentId}`).set(other.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).get(`/api/attachments/${attachmentId}/content`).set(other.auth), 404, 'NOT_FOUND');
      expectError(
        await request(t.app).get(`/api/attachments?recordType=user&recordId=${operator.user.id}`).set(other.auth),
        404,
        'NOT_FOUND',
      );
      expectError(await request(t.app).delete(`/api/attachments/${attachmentId}`).set(other.auth), 404, 'NOT_FOUND');
    });

    it('answers 401 without a token', async () => {
      expectError(await request(t.app).get(`/api/attachments/${attachmentId}/content`), 401, 'UNAUTHENTICATED');
    });

    it('is readable by the validators and user administrators', async () => {
      const admin = await signedInUser(t.app, t.db.prisma, ['USER_LIST_ADMIN']);
      for (const auth of [validator.auth, admin.auth]) {
        expect((await request(t.app).get(`/api/attachments/${attachmentId}/content`).set(auth)).status).toBe(200);
      }
    });

    it("a supervised account reads its operator's documents with SUPERVISION_ACCOUNT_EDIT, and gets 403 without it", async () => {
      const withRight = await signedInUser(t.app, t.db.prisma, ['SUPERVISION_PILOT', 'SUPERVISION_ACCOUNT_EDIT'], {
        parent: { connect: { id: operator.user.id } },
      });
      const without = await signedInUser(t.app, t.db.prisma, ['SUPERVISION_PILOT', 'MACHINE_LIST'], {
        parent: { connect: { id: operator.user.id } },
      });
      expect((await request(t.app).get(`/api/attachments/${attachmentId}`).set(withRight.auth)).status).toBe(200);
      expectError(await request(t.app).get(`/api/attachments/${attachmentId}`).set(without.auth), 403, 'NOT_ALLOWED');
    });

    it("a supervised pilot reads the files of his own pilot record, not another pilot's of his operator", async () => {
      const account = await createUser(t.db.prisma, { rights: ['SUPERVISION_PILOT'], parent: { connect: { id: operator.user.id } } });
      const own = await createPilot(t.db.prisma, operator.user.id, { supervisedUserId: account.id, supervisionLevel: 1 });
      const colleague = await createPilot(t.db.prisma, operator.user.id);
      const file = { bytes: pdfBytes('licence'), name: 'licence.pdf' };
      const ownFile = (await upload(operator.auth, { recordType: 'pilot', recordId: own.id, kind: 'pilotDocument' }, file)).body;
      await upload(operator.auth, { recordType: 'pilot', recordId: colleague.id, kind: 'pilotDocument' }, file);
      const auth = bearer((await login(t.app, account.email)).token);

      const mine = await request(t.app).get(`/api/attachments?recordType=pilot&recordId=${own.id}`).set(auth);
      expect(mine.status).toBe(200);
      expect(mine.body.map((a: { id: string }) => a.id)).toEqual([ownFile.id]);
      expect((await request(t.app).get(`/api/attachments/${ownFile.id}/content`).set(auth)).status).toBe(200);
      expectError(await request(t.app).get(`/api/attachments?recordType=pilot&recordId=${colleague.id}`).set(auth), 403, 'NOT_ALLOWED');
    });

    it("lists a record's attachments for its owner", async () => {
      const response = await request(t.app).get(`/api/attachments?recordType=user&recordId=${operator.user.id}`).set(operator.auth);
      expect(response.status).toBe(200);
      expect(response.body.map((a: { id: string }) => a.id)).toContain(attachmentId);
    });

    it('deleting removes the row and the file', async () => {
      const created = (await upload(operator.auth, ownDocument(), { bytes: pdfBytes('to delete'), name: 'old.pdf' })).body;
      const { storedName } = await t.db.prisma.attachment.findUniqueOrThrow({ where: { id: created.id } });
      expect((await request(t.app).delete(`/api/attachments/${created.id}`).set(operator.auth)).status).toBe(204);
      expect(await t.db.prisma.attachment.findUnique({ where: { id: created.id } })).toBeNull();
      expect(readdirSync(path.join(t.config.dataDir, 'attachments'))).not.toContain(storedName);
    });
  });

  describe('validation queue', () => {
    const rights: Right[] = ['USER_EDIT_ADMIN', 'MACHINE_EDIT', 'PILOT_EDIT'];
    it.each(rights)('is refused without ATTACHEMENT_VALIDATE (holding %s): 403', async (right) => {
      const user = await signedInUser(t.app, t.db.prisma, [right]);
      expectError(await request(t.app).get('/api/attachments/validation').set(user.auth), 403, 'NOT_ALLOWED');
      expectError(await request(t.app).post(`/api/attachments/${NO_ID}/validate`).set(user.auth), 403, 'NOT_ALLOWED');
      expectError(await request(t.app).post(`/api/attachments/${NO_ID}/reject`).set(user.auth).send({ reason: 'x' }), 403, 'NOT_ALLOWED');
    });

    it('lists pending attachments with their owner, filters by kind and searches by owner name', async () => {
      const pending = (await upload(operator.auth, ownDocument('idDocument'), { bytes: pngBytes(), name: 'queue-id.png' })).body;
      const all = await request(t.app).get('/api/attachments/validation?pageSize=100').set(validator.auth);
      expect(all.status).toBe(200);
      const item = all.body.items.find((a: { id: string }) => a.id === pending.id);
      expect(item).toMatchObject({ status: 'pending', ownerEmail: operator.user.email, ownerName: 'Test Operator' });
      const byKind = await request(t.app).get('/api/attachments/validation?kind=machineDocument&pageSize=100').set(validator.auth);
      expect(byKind.body.items.every((a: { kind: string }) => a.kind === 'machineDocument')).toBe(true);
      const bySearch = await request(t.app).get('/api/attachments/validation?search=operator&pageSize=100').set(validator.auth);
      expect(bySearch.body.items.map((a: { id: string }) => a.id)).toContain(pending.id);
      expect(bySearch.body.items.every((a: { ownerEmail: string }) => a.ownerEmail === operator.user.email)).toBe(true);
    });

    it('validates, then refuses a second decision (409 ATTACHMENT_ALREADY_DECIDED)', async () => {
      const pending = (await upload(operator.auth, ownDocument(), { bytes: pdfBytes(), name: 'to-validate.pdf' })).body;
      const response = await request(t.app).post(`/api/attachments/${pending.id}/validate`).set(validator.auth);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'validated', validatedAt: CLOCK_START.toISOString(), validatedBy: 'Test User' });
      expectError(
        await request(t.app).post(`/api/attachments/${pending.id}/reject`).set(validator.auth).send({ reason: 'late' }),
        409,
        'ATTACHMENT_ALREADY_DECIDED',
      );
    });

    it('rejects with a reason, which is required', async () => {
      const pending = (await upload(operator.auth, ownDocument(), { bytes: pdfBytes(), name: 'to-reject.pdf' })).body;
      expectError(
        await request(t.app).post(`/api/attachments/${pending.id}/reject`).set(validator.auth).send({ reason: ' ' }),
        422,
        'VALIDATION_FAILED',
      );
      const response = await request(t.app)
        .post(`/api/attachments/${pending.id}/reject`)
        .set(validator.auth)
        .send({ reason: 'Illegible scan' });
      expect(response.body).toMatchObject({ status: 'rejected', rejectionReason: 'Illegible scan' });
      const queue = await request(t.app).get('/api/attachments/validation?status=rejected&pageSize=100').set(validator.auth);
      expect(queue.body.items.map((a: { id: string }) => a.id)).toContain(pending.id);
    });
  });

  describe('pilot documents', () => {
    it("links a pilot document to one of the pilot's files, and refuses another pilot's file", async () => {
      const pilot = await createPilot(t.db.prisma, operator.user.id);
      const otherPilot = await createPilot(t.db.prisma, operator.user.id);
      const file = (
        await upload(
          operator.auth,
          { recordType: 'pilot', recordId: pilot.id, kind: 'pilotDocument' },
          { bytes: pngBytes(), name: 'licence.png' },
        )
      ).body;
      const foreign = (
        await upload(
          operator.auth,
          { recordType: 'pilot', recordId: otherPilot.id, kind: 'pilotDocument' },
          { bytes: pngBytes(), name: 'x.png' },
        )
      ).body;
      const body = (attachmentId: string) => ({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        documents: [{ skillType: 'licence', reference: 'LIC-1', attachmentId }],
      });
      const refused = await request(t.app).put(`/api/pilots/${pilot.id}`).set(operator.auth).send(body(foreign.id));
      expectError(refused, 422, 'VALIDATION_FAILED');
      expect(refused.body.fields).toEqual({ 'documents.0.attachmentId': ['validation:invalidValue'] });
      const saved = await request(t.app).put(`/api/pilots/${pilot.id}`).set(operator.auth).send(body(file.id));
      expect(saved.status).toBe(200);
      expect(saved.body.documents[0].attachmentId).toBe(file.id);
    });
  });

  describe('mission documents', () => {
    const missionOf = (userId: string) => t.db.prisma.mission.create({ data: { userId, title: 'Survey of the quarry' } });

    it("stores a mission's documents by type for an operator with PREFLIGHT_EDIT, and lists them", async () => {
      const planner = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);
      const mission = await missionOf(planner.user.id);

      const response = await upload(
        planner.auth,
        { recordType: 'mission', recordId: mission.id, kind: 'missionAuthorisation' },
        { bytes: pdfBytes(), name: 'Accord préfecture.pdf' },
      );

      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({
        recordType: 'mission',
        recordId: mission.id,
        ownerId: planner.user.id,
        kind: 'missionAuthorisation',
      });
      const listed = await request(t.app).get(`/api/attachments?recordType=mission&recordId=${mission.id}`).set(planner.auth).expect(200);
      expect(listed.body.map((a: { id: string }) => a.id)).toEqual([response.body.id]);
    });

    it("answers 404 for another operator's mission and 403 without PREFLIGHT_EDIT, storing nothing", async () => {
      const owner = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);
      const stranger = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);
      const reader = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);
      const mission = await missionOf(owner.user.id);
      const readersMission = await missionOf(reader.user.id);
      const fields = { recordType: 'mission', recordId: mission.id, kind: 'missionOther' };

      expectError(await upload(stranger.auth, fields, { bytes: pdfBytes(), name: 'a.pdf' }), 404, 'NOT_FOUND');
      expectError(
        await upload(reader.auth, { ...fields, recordId: readersMission.id }, { bytes: pdfBytes(), name: 'a.pdf' }),
        403,
        'NOT_ALLOWED',
      );
      expect(await rows(mission.id)).toBe(0);
      expect(await rows(readersMission.id)).toBe(0);
    });

    it('takes the risk assessment as a PDF only: a PNG answers 415 UPLOAD_INVALID_TYPE', async () => {
      const planner = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT']);
      const mission = await missionOf(planner.user.id);

      expectError(
        await upload(
          planner.auth,
          { recordType: 'mission', recordId: mission.id, kind: 'missionRiskAssessment' },
          { bytes: pngBytes(), name: 'risks.png' },
        ),
        415,
        'UPLOAD_INVALID_TYPE',
      );
      expect(await rows(mission.id)).toBe(0);
    });
  });
});
