import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { createAirspace, createFiledRequest } from './automation-support';
import { CLOCK_START, expectError } from './support';

const MANAGER = [
  'PROCEDUREAUTOMATION_LIST',
  'PROCEDUREAUTOMATION_EDIT',
  'PROCEDURECLASSIFICATION_LIST',
  'PROCEDURECLASSIFICATION_EDIT',
] as const;

describe('classification and automation rules of a managed airspace', () => {
  let t: TestApp;
  let manager: Awaited<ReturnType<typeof signedInUser>>;
  let otherManager: Awaited<ReturnType<typeof signedInUser>>;
  let airspaceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signedInUser(t.app, t.db.prisma, [...MANAGER]);
    otherManager = await signedInUser(t.app, t.db.prisma, [...MANAGER]);
    airspaceId = (await createAirspace(t.db.prisma, [manager.user.id])).id;
    await createAirspace(t.db.prisma, [otherManager.user.id]);
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const heightRule = () => ({ airspaceId, title: 'Above 80 m', type: 'heightOver', threshold: 80, impact: 'medium' });
  const acceptRule = (change: Record<string, unknown> = {}) => ({
    airspaceId,
    title: 'Low impact on weekdays',
    mode: 'acceptAuto',
    impactLevels: ['low'],
    range: { weekdays: [1, 2, 3, 4, 5] },
    ...change,
  });

  describe('classification rules', () => {
    it('a manager adds, reads, lists, replaces and deletes a rule of their airspace', async () => {
      const created = await request(t.app).post('/api/classification-rules').set(manager.auth).send(heightRule());
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ airspaceId, type: 'heightOver', threshold: 80, impact: 'medium', enabled: true });

      const listed = await request(t.app).get('/api/classification-rules').query({ airspaceId }).set(manager.auth);
      expect(listed.body.items.map((rule: { id: string }) => rule.id)).toContain(created.body.id);

      const replaced = await request(t.app)
        .put(`/api/classification-rules/${created.body.id}`)
        .set(manager.auth)
        .send({
          title: 'Near the tower',
          type: 'radialDistanceBelow',
          threshold: 500,
          geometry: { type: 'Point', coordinates: [2.15, 48.73] },
          impact: 'high',
        });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toMatchObject({ type: 'radialDistanceBelow', geometry: { type: 'Point' }, impact: 'high' });

      expect((await request(t.app).delete(`/api/classification-rules/${created.body.id}`).set(manager.auth)).status).toBe(204);
      expect((await request(t.app).get(`/api/classification-rules/${created.body.id}`).set(manager.auth)).status).toBe(404);
    });

    it('refuses a rule without what its type needs', async () => {
      const noPoint = await request(t.app)
        .post('/api/classification-rules')
        .set(manager.auth)
        .send({ airspaceId, title: 'Near', type: 'radialDistanceBelow', threshold: 500, impact: 'high' });
      expectError(noPoint, 422, 'VALIDATION_FAILED');
      expect(noPoint.body.fields.geometry).toEqual(['classificationRules:form.pointRequired']);
      const noThreshold = await request(t.app)
        .post('/api/classification-rules')
        .set(manager.auth)
        .send({ ...heightRule(), threshold: null });
      expect(noThreshold.body.fields.threshold).toEqual(['validation:required']);
    });

    it('hides another airspace’s rules from its managers (404) and refuses users without the right (403)', async () => {
      const created = await request(t.app).post('/api/classification-rules').set(manager.auth).send(heightRule());

      expectError(await request(t.app).get(`/api/classification-rules/${created.body.id}`).set(otherManager.auth), 404, 'NOT_FOUND');
      expectError(
        await request(t.app).put(`/api/classification-rules/${created.body.id}`).set(otherManager.auth).send(heightRule()),
        404,
        'NOT_FOUND',
      );
      expectError(await request(t.app).post('/api/classification-rules').set(otherManager.auth).send(heightRule()), 404, 'NOT_FOUND');
      expectError(await request(t.app).get('/api/classification-rules').query({ airspaceId }).set(otherManager.auth), 404, 'NOT_FOUND');
      const othersList = await request(t.app).get('/api/classification-rules').set(otherManager.auth);
      expect(othersList.body.items.map((rule: { id: string }) => rule.id)).not.toContain(created.body.id);

      const reader = await signedInUser(t.app, t.db.prisma, ['PROCEDURECLASSIFICATION_LIST']);
      expectError(await request(t.app).post('/api/classification-rules').set(reader.auth).send(heightRule()), 403, 'NOT_ALLOWED');
      const nobody = await signedInUser(t.app, t.db.prisma, []);
      expectError(await request(t.app).get('/api/classification-rules').set(nobody.auth), 403, 'NOT_ALLOWED');
    });

    it('lists the airspaces the user manages', async () => {
      const response = await request(t.app).get('/api/managed-airspaces').set(manager.auth);
      expect(response.status).toBe(200);
      expect(response.body.map((airspace: { id: string }) => airspace.id)).toEqual([airspaceId]);
    });
  });

  describe('automation rules', () => {
    it('is created disabled at version 1, and every change raises the version while an identical body does not', async () => {
      const created = await request(t.app).post('/api/automation-rules').set(manager.auth).send(acceptRule());
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ enabled: false, version: 1, restrictions: [], customReply: null });

      const same = await request(t.app).put(`/api/automation-rules/${created.body.id}`).set(manager.auth).send(acceptRule());
      expect(same.body.version).toBe(1);
      const enabled = await request(t.app)
        .put(`/api/automation-rules/${created.body.id}`)
        .set(manager.auth)
        .send(acceptRule({ enabled: true }));
      expect(enabled.body).toMatchObject({ enabled: true, version: 2 });
      const restricted = await request(t.app)
        .put(`/api/automation-rules/${created.body.id}`)
        .set(manager.auth)
        .send(acceptRule({ enabled: true, restrictions: [{ kind: 'maxHeight', maxHeightM: 50 }] }));
      expect(restricted.body).toMatchObject({ version: 3, restrictions: [{ kind: 'maxHeight', maxHeightM: 50 }] });
    });

    it('refuses an impossible range', async () => {
      const response = await request(t.app)
        .post('/api/automation-rules')
        .set(manager.auth)
        .send(acceptRule({ range: { fromTime: '14:00', toTime: '09:00', weekdays: [] } }));
      expectError(response, 422, 'VALIDATION_FAILED');
      expect(Object.keys(response.body.fields).sort()).toEqual(['range.toTime', 'range.weekdays']);
    });

    it('hides another airspace’s rules (404) and refuses users without the right (403)', async () => {
      const created = await request(t.app).post('/api/automation-rules').set(manager.auth).send(acceptRule());
      expectError(await request(t.app).get(`/api/automation-rules/${created.body.id}`).set(otherManager.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).delete(`/api/automation-rules/${created.body.id}`).set(otherManager.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).post(`/api/automation-rules/${created.body.id}/dry-run`).set(otherManager.auth), 404, 'NOT_FOUND');
      expectError(await request(t.app).post('/api/automation-rules/dry-run').set(otherManager.auth).send(acceptRule()), 404, 'NOT_FOUND');
      const reader = await signedInUser(t.app, t.db.prisma, ['PROCEDUREAUTOMATION_LIST']);
      expectError(
        await request(t.app).put(`/api/automation-rules/${created.body.id}`).set(reader.auth).send(acceptRule()),
        403,
        'NOT_ALLOWED',
      );
    });
  });

  describe('dry run on past requests', () => {
    it('tells which past requests a rule would have answered, how, and why not the others', async () => {
      const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT']);
      const dryAirspace = await createAirspace(t.db.prisma, [manager.user.id]);
      const refs = { airspaceId: dryAirspace.id, operatorId: operator.user.id };
      const weekdayLow = await createFiledRequest(t.db.prisma, refs, { impactLevel: 'low' });
      const saturday = await createFiledRequest(t.db.prisma, refs, {
        impactLevel: 'low',
        snapshot: { startAt: '2026-07-04T08:00:00.000Z', endAt: '2026-07-04T09:00:00.000Z' },
      });
      const high = await createFiledRequest(t.db.prisma, refs, { impactLevel: 'high' });
      const rule = {
        airspaceId: dryAirspace.id,
        title: 'Observer on weekdays',
        mode: 'acceptAuto',
        impactLevels: ['low'],
        range: { weekdays: [1, 2, 3, 4, 5] },
        restrictions: [{ kind: 'observerRequired' }],
      };

      const unsaved = await request(t.app).post('/api/automation-rules/dry-run').set(manager.auth).send(rule);
      const saved = await request(t.app).post('/api/automation-rules').set(manager.auth).send(rule);
      const savedRun = await request(t.app).post(`/api/automation-rules/${saved.body.id}/dry-run`).set(manager.auth);

      expect(unsaved.status).toBe(200);
      expect(savedRun.body).toEqual(unsaved.body);
      expect(unsaved.body).toMatchObject({
        tried: 3,
        answered: 1,
        byStatus: { autoAccepted: 0, autoAcceptedWithRestrictions: 1, autoRejected: 0 },
      });
      const byId = Object.fromEntries(unsaved.body.items.map((item: { requestId: string }) => [item.requestId, item]));
      expect(byId[weekdayLow.id]).toMatchObject({ wouldAnswer: 'autoAcceptedWithRestrictions', reason: null });
      expect(byId[saturday.id]).toMatchObject({ wouldAnswer: null, reason: 'weekdays' });
      expect(byId[high.id]).toMatchObject({ wouldAnswer: null, reason: 'impact' });
    });

    it('names an enabled rule of higher priority that would have answered first', async () => {
      const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT']);
      const dryAirspace = await createAirspace(t.db.prisma, [manager.user.id]);
      const filed = await createFiledRequest(
        t.db.prisma,
        { airspaceId: dryAirspace.id, operatorId: operator.user.id },
        { impactLevel: 'low' },
      );
      const first = await request(t.app)
        .post('/api/automation-rules')
        .set(manager.auth)
        .send({ airspaceId: dryAirspace.id, title: 'Deny everything', mode: 'denyAuto', enabled: true, priority: 0 });

      const response = await request(t.app)
        .post('/api/automation-rules/dry-run')
        .set(manager.auth)
        .send({ airspaceId: dryAirspace.id, title: 'Accept low', mode: 'acceptAuto', impactLevels: ['low'], priority: 5 });

      expect(response.body.items).toEqual([
        expect.objectContaining({
          requestId: filed.id,
          wouldAnswer: 'autoAccepted',
          precededBy: { id: first.body.id, title: 'Deny everything' },
        }),
      ]);
    });

    it('an edited rule tried before saving is not preceded by its own saved version', async () => {
      const operator = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_EDIT']);
      const dryAirspace = await createAirspace(t.db.prisma, [manager.user.id]);
      const filed = await createFiledRequest(
        t.db.prisma,
        { airspaceId: dryAirspace.id, operatorId: operator.user.id },
        { impactLevel: 'low' },
      );
      const rule = { airspaceId: dryAirspace.id, title: 'Low impact', mode: 'acceptAuto', impactLevels: ['low'], enabled: true };
      const saved = await request(t.app).post('/api/automation-rules').set(manager.auth).send(rule);
      const otherAirspace = await createAirspace(t.db.prisma, [manager.user.id]);

      const edited = await request(t.app)
        .post('/api/automation-rules/dry-run')
        .set(manager.auth)
        .send({ ...rule, title: 'Low impact, reworded', ruleId: saved.body.id });
      const elsewhere = await request(t.app)
        .post('/api/automation-rules/dry-run')
        .set(manager.auth)
        .send({ ...rule, airspaceId: otherAirspace.id, ruleId: saved.body.id });

      expect(edited.body.items).toEqual([expect.objectContaining({ requestId: filed.id, wouldAnswer: 'autoAccepted', precededBy: null })]);
      expectError(elsewhere, 404, 'NOT_FOUND');
    });
  });
});
