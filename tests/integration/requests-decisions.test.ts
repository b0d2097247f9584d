import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MANAGER_ACTIONS, REQUEST_STATUSES, REQUEST_TRANSITIONS, type RequestStatus } from '../../src/shared/domain/request-status';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { completeMission, square } from './missions-support';
import { CLOCK_START, HOUR, MINUTE, expectError, outboxFor } from './support';
import { INSIDE, decide, file, managedAirspace, operatorWithMission } from './requests-support';

const EVERYTHING = { reason: 'Checked with the tower', restrictions: [{ kind: 'maxHeight', maxHeightM: 30 }] };
const PAIRS = REQUEST_STATUSES.flatMap((status) => MANAGER_ACTIONS.map((action) => [status, action] as const));
const ALLOWED = PAIRS.filter(([status, action]) => REQUEST_TRANSITIONS[status][action] !== undefined).map(
  ([status, action]) => [status, action, REQUEST_TRANSITIONS[status][action] as RequestStatus] as const,
);
const REFUSED = PAIRS.filter(([status, action]) => REQUEST_TRANSITIONS[status][action] === undefined);

describe('permission request decisions', () => {
  let t: TestApp;
  let space: Awaited<ReturnType<typeof managedAirspace>>;
  beforeAll(async () => {
    t = await createTestApp();
    space = await managedAirspace(t, { autoRejectDelayHours: 2 });
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  async function filed(status: RequestStatus = 'submitted', operatorFields: Record<string, unknown> = {}) {
    const { operator, missionId } = await operatorWithMission(t);
    if (Object.keys(operatorFields).length > 0) await t.db.prisma.user.update({ where: { id: operator.user.id }, data: operatorFields });
    const response = await file(t, operator.auth, { missionId, airspaceId: space.airspace.id });
    if (response.status !== 201) throw new Error(JSON.stringify(response.body));
    await t.db.prisma.request.update({ where: { id: response.body.id }, data: { status } });
    return { operator, missionId, id: response.body.id as string, referenceNumber: response.body.referenceNumber as string };
  }

  it.each(ALLOWED)('a request %s, on %s by its manager, becomes %s with the change in its history', async (from, action, to) => {
    const { id } = await filed(from);
    t.clock.advance(MINUTE);

    const response = await decide(t, space.manager.auth, id, action, EVERYTHING);

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.status).toBe(to);
    const events = await t.db.prisma.requestEvent.findMany({ where: { requestId: id, action } });
    expect(events).toEqual([
      expect.objectContaining({ from, to, actorId: space.manager.user.id, at: new Date(CLOCK_START.getTime() + MINUTE) }),
    ]);
  });

  it.each(REFUSED)('a request %s refuses %s and stays as it is', async (from, action) => {
    const { id } = await filed(from);

    expectError(await decide(t, space.manager.auth, id, action, EVERYTHING), 409, 'REQUEST_TRANSITION_NOT_ALLOWED');
    expect((await t.db.prisma.request.findUniqueOrThrow({ where: { id } })).status).toBe(from);
  });

  it('a rejection needs a reason, an acceptance with restrictions needs a restriction', async () => {
    const { id } = await filed();

    const reject = await decide(t, space.manager.auth, id, 'reject', {});
    const restrict = await decide(t, space.manager.auth, id, 'acceptWithRestrictions', { restrictions: [] });

    expectError(reject, 422, 'VALIDATION_FAILED');
    expect(reject.body.fields).toEqual({ reason: ['validation:required'] });
    expectError(restrict, 422, 'VALIDATION_FAILED');
    expect(restrict.body.fields).toEqual({ restrictions: ['validation:required'] });
  });

  it('an acceptance with a reduced area and a call before and after keeps the typed restrictions and e-mails the operator', async () => {
    const { id, operator, referenceNumber } = await filed();
    const reducedArea = { type: 'Polygon', coordinates: INSIDE.coordinates[0] };

    const response = await decide(t, space.manager.auth, id, 'acceptWithRestrictions', {
      restrictions: [
        { kind: 'reducedArea', area: reducedArea },
        { kind: 'callBeforeAfter', phone: '+33 1 00 00 00 00' },
      ],
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'acceptedWithRestrictions',
      callControl: true,
      decidedBy: { id: space.manager.user.id },
    });
    expect(response.body.restrictions.map((r: { kind: string }) => r.kind)).toEqual(['reducedArea', 'callBeforeAfter']);
    const mails = await outboxFor(t, operator.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Request ${referenceNumber} accepted with restrictions`]);
    const seen = await request(t.app).get(`/api/procedures/${id}`).set(operator.auth);
    expect(seen.body).toMatchObject({ viewer: 'operator', allowedActions: [], restrictions: response.body.restrictions });
  });

  it('refuses restrictions that cannot restrict the mission, each on its field, and changes nothing', async () => {
    const { id } = await filed();
    const farAway = square(5.4, 43.3, 0.005);

    const response = await decide(t, space.manager.auth, id, 'acceptWithRestrictions', {
      restrictions: [
        { kind: 'maxHeight', maxHeightM: 500 },
        { kind: 'timeSlot', startAt: '2027-07-01T08:00:00.000Z', endAt: '2027-07-01T09:00:00.000Z' },
        { kind: 'reducedArea', area: { type: 'Polygon', coordinates: farAway.coordinates[0] } },
        { kind: 'observerRequired' },
      ],
    });

    expectError(response, 422, 'VALIDATION_FAILED');
    expect(response.body.fields).toEqual({
      'restrictions.0': ['validation:restriction.heightNotBelow'],
      'restrictions.1': ['validation:restriction.slotOutside'],
      'restrictions.2': ['validation:restriction.areaApart'],
    });
    expect(await t.db.prisma.request.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: 'submitted',
      decidedAt: null,
    });
    const within = await decide(t, space.manager.auth, id, 'acceptWithRestrictions', {
      restrictions: [
        { kind: 'maxHeight', maxHeightM: 49 },
        { kind: 'timeSlot', startAt: '2026-07-01T07:00:00.000Z', endAt: '2026-07-01T08:30:00.000Z' },
      ],
    });
    expect(within.status, JSON.stringify(within.body)).toBe(200);
  });

  it('cancelling a decision puts the request back under analysis without the decision, the history keeping it', async () => {
    const { id } = await filed();
    await decide(t, space.manager.auth, id, 'reject', { reason: 'Runway works' });

    const response = await decide(t, space.manager.auth, id, 'cancelDecision', { reason: 'Works postponed' });

    expect(response.body).toMatchObject({ status: 'submitted', rejectionReason: null, decidedBy: null });
    expect(response.body.events.map((e: { action: string }) => e.action)).toEqual(['submit', 'reject', 'cancelDecision']);
  });

  it('a call required by an acceptance is no longer required once the decision is cancelled, nor after a rejection', async () => {
    const { id } = await filed();
    await decide(t, space.manager.auth, id, 'acceptWithRestrictions', { restrictions: [{ kind: 'callBeforeAfter', phone: null }] });

    const cancelled = await decide(t, space.manager.auth, id, 'cancelDecision', { reason: 'New survey of the site' });
    expect(cancelled.body).toMatchObject({ status: 'submitted', callControl: false, restrictions: [] });
    await decide(t, space.manager.auth, id, 'accept', { callControl: true });
    await decide(t, space.manager.auth, id, 'cancelDecision', { reason: 'Second thoughts' });
    const rejected = await decide(t, space.manager.auth, id, 'reject', { reason: 'Crane on the site' });

    expect(rejected.body).toMatchObject({ status: 'rejected', callControl: false });
  });

  it("the operator's message answers a request awaiting information and e-mails the managers; the manager's e-mails the operator", async () => {
    const { id, operator, referenceNumber } = await filed();
    await decide(t, space.manager.auth, id, 'askInformation', { reason: 'Which take-off point?' });

    const answer = await request(t.app).post(`/api/procedures/${id}/messages`).set(operator.auth).send({ body: 'The car park' });
    const reply = await request(t.app).post(`/api/procedures/${id}/messages`).set(space.manager.auth).send({ body: 'Thanks' });

    expect(answer.status).toBe(201);
    expect(answer.body.status).toBe('submitted');
    expect(answer.body.events.map((e: { action: string }) => e.action)).toEqual(['submit', 'askInformation', 'answer']);
    expect(reply.body.messages.map((m: { body: string; fromOperator: boolean }) => [m.body, m.fromOperator])).toEqual([
      ['Which take-off point?', false],
      ['The car park', true],
      ['Thanks', false],
    ]);
    const toManager = await outboxFor(t, space.manager.user.email);
    expect(toManager.filter((mail) => mail.subject === `New message on request ${referenceNumber}`)).toHaveLength(1);
    const toOperator = await outboxFor(t, operator.user.email);
    expect(toOperator.map((mail) => mail.subject)).toEqual([
      `Request ${referenceNumber} awaiting information from you`,
      `New message on request ${referenceNumber}`,
    ]);
  });

  it("the airspace's mailing list receives the operator's messages, and its managers only with copy to managers", async () => {
    const listed = await managedAirspace(t, { mailingList: ['desk@authority.test'], copyToManagers: false });
    const { operator, missionId } = await operatorWithMission(t);
    const { body } = await file(t, operator.auth, { missionId, airspaceId: listed.airspace.id });

    await request(t.app).post(`/api/procedures/${body.id}/messages`).set(operator.auth).send({ body: 'Hello' });

    expect((await outboxFor(t, 'desk@authority.test')).map((mail) => mail.subject)).toEqual([
      `New request ${body.referenceNumber}`,
      `New message on request ${body.referenceNumber}`,
    ]);
    expect(await outboxFor(t, listed.manager.user.email)).toEqual([]);
  });

  it("an SMS goes to the operator's registered phone; without one it fails with the spec's error", async () => {
    const withPhone = await filed('submitted', { phoneNumber: '+33 6 11 22 33 44' });
    const withoutPhone = await filed('submitted', { phoneNumber: null });

    const sent = await request(t.app).post(`/api/procedures/${withPhone.id}/sms`).set(space.manager.auth).send({ body: 'Call the tower' });
    const refused = await request(t.app)
      .post(`/api/procedures/${withoutPhone.id}/sms`)
      .set(space.manager.auth)
      .send({ body: 'Call the tower' });

    expect(sent.status).toBe(204);
    expect((await outboxFor(t, '+33 6 11 22 33 44', 'sms')).map((sms) => sms.text)).toEqual([
      `${withPhone.referenceNumber}: Call the tower`,
    ]);
    expectError(refused, 409, 'OPERATOR_NO_TERMINAL');
  });

  it("an SMS goes to the phone shown on the request: the one typed at filing, else the account's", async () => {
    const { operator, missionId } = await operatorWithMission(t);
    await t.db.prisma.user.update({ where: { id: operator.user.id }, data: { phoneNumber: '+33 6 10 20 30 40' } });
    const typed = await file(t, operator.auth, { missionId, airspaceId: space.airspace.id, operatorPhone: '+33 7 99 88 77 66' });
    const other = await operatorWithMission(t);
    await t.db.prisma.user.update({ where: { id: other.operator.user.id }, data: { phoneNumber: '+33 6 55 44 33 22' } });
    const untyped = await file(t, other.operator.auth, { missionId: other.missionId, airspaceId: space.airspace.id });

    expect(typed.body.operatorPhone).toBe('+33 7 99 88 77 66');
    expect(untyped.body.operatorPhone).toBe('+33 6 55 44 33 22');
    await request(t.app).post(`/api/procedures/${typed.body.id}/sms`).set(space.manager.auth).send({ body: 'Crane at noon' });
    await request(t.app).post(`/api/procedures/${untyped.body.id}/sms`).set(space.manager.auth).send({ body: 'Tower closed' });

    expect((await outboxFor(t, '+33 7 99 88 77 66', 'sms')).map((sms) => sms.text)).toEqual([
      `${typed.body.referenceNumber}: Crane at noon`,
    ]);
    expect(await outboxFor(t, '+33 6 10 20 30 40', 'sms')).toEqual([]);
    expect((await outboxFor(t, '+33 6 55 44 33 22', 'sms')).map((sms) => sms.text)).toEqual([
      `${untyped.body.referenceNumber}: Tower closed`,
    ]);
  });

  it('the auto-reject job rejects, at their deadline, requests nobody answered, and e-mails the operator', async () => {
    const due = await filed('awaiting');
    const answered = await filed('submitted');
    await decide(t, space.manager.auth, answered.id, 'accept', {});

    t.clock.advance(2 * HOUR - MINUTE);
    await t.ctx.jobs.runNow('requests-auto-reject');
    const before = await t.db.prisma.request.findUniqueOrThrow({ where: { id: due.id } });
    t.clock.advance(MINUTE);
    await t.ctx.jobs.runNow('requests-auto-reject');

    expect(before.status).toBe('awaiting');
    const after = await t.db.prisma.request.findUniqueOrThrow({ where: { id: due.id }, include: { events: true } });
    expect(after.status).toBe('autoRejected');
    expect(after.events.find((e) => e.action === 'autoReject')).toMatchObject({
      from: 'awaiting',
      actorId: null,
      reason: 'no answer within 2 hours',
      at: new Date(CLOCK_START.getTime() + 2 * HOUR),
    });
    expect((await t.db.prisma.request.findUniqueOrThrow({ where: { id: answered.id } })).status).toBe('accepted');
    const mails = await outboxFor(t, due.operator.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Request ${due.referenceNumber} rejected automatically`]);
  });

  it("an accepted request locks the mission's dates, main machine, height and areas, not its other fields", async () => {
    const { id, operator, missionId } = await filed();
    const detail = () => request(t.app).get(`/api/preflights/${missionId}`).set(operator.auth);
    expect((await detail()).body.fieldsLocked).toBe(false);
    await decide(t, space.manager.auth, id, 'accept', {});
    expect((await detail()).body.fieldsLocked).toBe(true);
    const base = completeMission(operator, { areas: INSIDE });
    const put = (change: Record<string, unknown>) =>
      request(t.app)
        .put(`/api/preflights/${missionId}`)
        .set(operator.auth)
        .send({ ...base, ...change });

    expectError(await put({ maxHeightM: 60 }), 409, 'MISSION_FIELDS_LOCKED');
    expectError(await put({ endAt: '2026-07-01T11:00:00.000Z' }), 409, 'MISSION_FIELDS_LOCKED');
    expectError(
      await put({
        areas: {
          ...INSIDE,
          coordinates: [
            [
              [
                [2.15, 48.7],
                [2.16, 48.7],
                [2.16, 48.71],
                [2.15, 48.7],
              ],
            ],
          ],
        },
      }),
      409,
      'MISSION_FIELDS_LOCKED',
    );
    expectError(await put({ mainMachineId: null }), 409, 'MISSION_FIELDS_LOCKED');
    const renamed = await put({ title: 'Survey of the hangars, east side' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.fieldsLocked).toBe(true);
  });

  it('an automation rule answers at filing: the request is accepted with its restrictions, the history names the rule and its version', async () => {
    const automated = await managedAirspace(t);
    const rule = await t.db.prisma.automationRule.create({
      data: {
        airspaceId: automated.airspace.id,
        title: 'Low flights on weekdays',
        mode: 'acceptAuto',
        impactLevels: ['low', 'medium', 'high'],
        customReply: 'Accepted: stay below 40 m.',
        restrictions: [{ kind: 'maxHeight', maxHeightM: 40 }],
        enabled: true,
        version: 3,
      },
    });
    const { operator, missionId } = await operatorWithMission(t);

    const response = await file(t, operator.auth, { missionId, airspaceId: automated.airspace.id, firstMessage: 'Roof inspection' });

    expect(response.status).toBe(201);
    expect((await request(t.app).get(`/api/procedures/${response.body.id}`).set(operator.auth)).body).toEqual(response.body);
    expect(response.body).toMatchObject({
      status: 'autoAcceptedWithRestrictions',
      automatic: true,
      impactLevel: 'low',
      automationRule: { id: rule.id, title: 'Low flights on weekdays', version: 3 },
      restrictions: [{ kind: 'maxHeight', maxHeightM: 40 }],
      autoRejectAt: null,
    });
    expect(response.body.events.at(-1)).toMatchObject({
      action: 'autoAcceptWithRestrictions',
      actor: null,
      reason: 'Accepted: stay below 40 m.',
      details: { ruleId: rule.id, ruleVersion: 3 },
    });
    const mails = await outboxFor(t, operator.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Request ${response.body.referenceNumber} accepted automatically with restrictions`,
    ]);
  });

  describe('who sees what', () => {
    it('a manager of another airspace and another operator get 404; a user without the rights gets 403', async () => {
      const { id } = await filed();
      const otherManager = (await managedAirspace(t)).manager;
      const { operator: otherOperator } = await operatorWithMission(t);
      const nobody = await signedInUser(t.app, t.db.prisma, []);

      expectError(await request(t.app).get(`/api/procedures/${id}`).set(otherManager.auth), 404, 'NOT_FOUND');
      expectError(await decide(t, otherManager.auth, id, 'accept'), 404, 'NOT_FOUND');
      expectError(await request(t.app).post(`/api/procedures/${id}/sms`).set(otherManager.auth).send({ body: 'Hi' }), 404, 'NOT_FOUND');
      expectError(await request(t.app).get(`/api/procedures/${id}`).set(otherOperator.auth), 404, 'NOT_FOUND');
      expectError(
        await request(t.app).post(`/api/procedures/${id}/messages`).set(otherOperator.auth).send({ body: 'Hi' }),
        404,
        'NOT_FOUND',
      );
      expectError(await request(t.app).get(`/api/procedures/${id}`).set(nobody.auth), 403, 'NOT_ALLOWED');
      expectError(await decide(t, otherOperator.auth, id, 'accept'), 403, 'NOT_ALLOWED');
    });

    it("lists only the manager's airspaces, with the accepted and rejected groups and the search by reference", async () => {
      const own = await managedAirspace(t);
      const { operator, missionId } = await operatorWithMission(t);
      const accepted = (await file(t, operator.auth, { missionId, airspaceId: own.airspace.id })).body;
      await decide(t, own.manager.auth, accepted.id, 'accept');
      const second = await operatorWithMission(t);
      const rejected = (await file(t, second.operator.auth, { missionId: second.missionId, airspaceId: own.airspace.id })).body;
      await decide(t, own.manager.auth, rejected.id, 'reject', { reason: 'No' });
      await filed();
      const list = (query: Record<string, string>) => request(t.app).get('/api/procedures').query(query).set(own.manager.auth);

      expect((await list({})).body.items.map((r: { id: string }) => r.id)).toEqual([rejected.id, accepted.id]);
      expect((await list({ group: 'allAccepted' })).body.items.map((r: { id: string }) => r.id)).toEqual([accepted.id]);
      expect((await list({ group: 'allRejected' })).body.items.map((r: { id: string }) => r.id)).toEqual([rejected.id]);
      expect((await list({ search: accepted.referenceNumber })).body).toMatchObject({ total: 1, items: [{ id: accepted.id }] });
      const mine = await request(t.app).get('/api/procedures').set(operator.auth);
      expect(mine.body.items.map((r: { id: string }) => r.id)).toEqual([accepted.id]);
    });
  });
});
