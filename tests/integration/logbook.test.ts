import Papa from 'papaparse';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logbookSchema } from '../../src/shared/contracts/logbook';
import { createMachine, createPilot } from '../factories/registry';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { MINUTE, expectError } from './support';

const at = (iso: string, minutes = 0) => new Date(new Date(iso).getTime() + minutes * MINUTE);

describe('the logbook', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let paula: { id: string };
  let pierre: { id: string };
  let mapper: { id: string };
  let scout: { id: string };

  async function flown(
    owner: { id: string },
    fields: {
      title: string;
      start: string;
      pilots: { id: string }[];
      machine: { id: string };
      flights?: [number, number][];
      diaryMin?: number;
    },
  ) {
    const [referent, ...additional] = fields.pilots;
    const mission = await t.db.prisma.mission.create({
      data: {
        userId: owner.id,
        title: fields.title,
        status: 'archived',
        startAt: new Date(fields.start),
        referentPilotId: referent!.id,
        additionalPilots: { connect: additional.map(({ id }) => ({ id })) },
        mainMachineId: fields.machine.id,
      },
    });
    for (const [from, to] of fields.flights ?? [])
      await t.db.prisma.flight.create({
        data: {
          missionId: mission.id,
          takenOffBy: owner.id,
          takeoffAt: at(fields.start, from),
          lastPingAt: at(fields.start, to),
          landedAt: at(fields.start, to),
        },
      });
    if (fields.diaryMin !== undefined)
      await t.db.prisma.postFlight.create({ data: { missionId: mission.id, flightTimeMin: fields.diaryMin, activity: 'top' } });
    return mission.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST']);
    other = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST']);
    paula = await createPilot(t.db.prisma, operator.user.id, { firstName: 'Paula', lastName: 'Pilot' });
    pierre = await createPilot(t.db.prisma, operator.user.id, { firstName: 'Pierre', lastName: 'Durand' });
    mapper = await createMachine(t.db.prisma, operator.user.id, { internalName: 'Mapper 1' });
    scout = await createMachine(t.db.prisma, operator.user.id, { internalName: 'Scout mini' });
    // Two take-offs of 12 and 18 minutes, no diary time: 30 minutes from the flights.
    await flown(operator.user, {
      title: 'Field mapping',
      start: '2026-06-02T08:00:00Z',
      pilots: [paula],
      machine: mapper,
      flights: [
        [0, 12],
        [30, 48],
      ],
    });
    // Flown 20 minutes but logged 25 in the diary: the diary wins.
    await flown(operator.user, {
      title: 'Roof survey',
      start: '2026-06-10T14:00:00Z',
      pilots: [paula, pierre],
      machine: scout,
      flights: [[0, 20]],
      diaryMin: 25,
    });
    // Flown without the application (a track imported later): the diary's time alone.
    await flown(operator.user, { title: 'Orchard survey', start: '2026-07-01T09:00:00Z', pilots: [pierre], machine: mapper, diaryMin: 14 });
    const foreignPilot = await createPilot(t.db.prisma, other.user.id);
    await flown(other.user, {
      title: 'Vineyard spraying',
      start: '2026-06-05T08:00:00Z',
      pilots: [foreignPilot],
      machine: await createMachine(t.db.prisma, other.user.id),
      flights: [[0, 40]],
    });
    // Validated, never flown: not in the logbook.
    await t.db.prisma.mission.create({
      data: { userId: operator.user.id, title: 'Not flown', status: 'validated', startAt: new Date('2026-06-20T08:00:00Z') },
    });
  });
  afterAll(() => t.close());

  const read = (query: object, auth = operator.auth) => request(t.app).get('/api/logbook').query(query).set(auth);

  it('totals the flights and minutes per pilot and per machine, the diary time first, else the take-offs and landings', async () => {
    const response = await read({});

    expect(response.status).toBe(200);
    const logbook = logbookSchema.parse(response.body);
    expect(logbook.entries.map((entry) => [entry.missionTitle, entry.minutes, entry.minutesFrom])).toEqual([
      ['Field mapping', 30, 'flights'],
      ['Roof survey', 25, 'diary'],
      ['Orchard survey', 14, 'diary'],
    ]);
    expect(logbook.total).toEqual({ flights: 3, minutes: 69 });
    expect(logbook.byPilot).toEqual([
      { id: paula.id, name: 'Paula Pilot', flights: 2, minutes: 55 },
      { id: pierre.id, name: 'Pierre Durand', flights: 2, minutes: 39 },
    ]);
    expect(logbook.byMachine).toEqual([
      { id: mapper.id, name: 'Mapper 1', flights: 2, minutes: 44 },
      { id: scout.id, name: 'Scout mini', flights: 1, minutes: 25 },
    ]);
  });

  it('keeps the flights of the period, its days included', async () => {
    const logbook = logbookSchema.parse((await read({ from: '2026-06-02', to: '2026-06-10' })).body);

    expect(logbook.entries.map((entry) => entry.missionTitle)).toEqual(['Field mapping', 'Roof survey']);
    expect(logbook.total).toEqual({ flights: 2, minutes: 55 });
  });

  it('exports the logbook as CSV, one line per flight', async () => {
    const response = await request(t.app).get('/api/logbook/csv').query({ from: '2026-06-01', to: '2026-06-30' }).set(operator.auth);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="?logbook-2026-06-01-2026-06-30\.csv"?$/);
    const rows = Papa.parse<Record<string, string>>(response.text.trim(), { header: true }).data;
    expect(rows).toEqual([
      {
        date: '2026-06-02T08:00:00.000Z',
        mission: 'Field mapping',
        pilots: 'Paula Pilot',
        machines: 'Mapper 1',
        activity: '',
        minutes: '30',
        minutes_from: 'flights',
      },
      {
        date: '2026-06-10T14:00:00.000Z',
        mission: 'Roof survey',
        pilots: 'Paula Pilot; Pierre Durand',
        machines: 'Scout mini',
        activity: 'top',
        minutes: '25',
        minutes_from: 'diary',
      },
    ]);
  });

  it("never shows an operator another's flights, and refuses to name another account (403)", async () => {
    const own = logbookSchema.parse((await read({}, other.auth)).body);

    expect(own.entries.map((entry) => entry.missionTitle)).toEqual(['Vineyard spraying']);
    expectError(await read({ userId: operator.user.id }, other.auth), 403, 'NOT_ALLOWED');
    expectError(await request(t.app).get('/api/logbook/csv').query({ userId: operator.user.id }).set(other.auth), 403, 'NOT_ALLOWED');
  });

  it('JOURNEY_LIST_ADMIN reads every account, or the one named; no right, no logbook', async () => {
    const admin = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST_ADMIN']);
    const nobody = await signedInUser(t.app, t.db.prisma, ['PREFLIGHT_LIST']);

    expect(logbookSchema.parse((await read({}, admin.auth)).body).total.flights).toBe(4);
    expect(logbookSchema.parse((await read({ userId: other.user.id }, admin.auth)).body).total).toEqual({ flights: 1, minutes: 40 });
    expectError(await read({}, nobody.auth), 403, 'NOT_ALLOWED');
  });

  it('finds for JOURNEY_LIST_ADMIN the accounts with missions by name or e-mail, whose logbook it opens; to no one else', async () => {
    const admin = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST_ADMIN']);
    const unique = `quarry-${Date.now().toString(36)}`;
    await t.db.prisma.user.update({ where: { id: other.user.id }, data: { lastName: 'Quarryman', email: `${unique}@example.test` } });
    const accounts = (query: Record<string, string>, auth = admin.auth) =>
      request(t.app).get('/api/logbook/accounts').query(query).set(auth);

    const byEmail = await accounts({ search: unique.toUpperCase() });
    const byName = await accounts({ search: 'quarryM' });
    const all = await accounts({});

    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual([
      { id: other.user.id, email: `${unique}@example.test`, firstName: other.user.firstName, lastName: 'Quarryman' },
    ]);
    expect(byName.body.map((account: { id: string }) => account.id)).toEqual([other.user.id]);
    // Only accounts with missions: the administrator has none.
    const ids = all.body.map((account: { id: string }) => account.id);
    expect(ids).toEqual(expect.arrayContaining([operator.user.id, other.user.id]));
    expect(ids).not.toContain(admin.user.id);
    expectError(await accounts({}, operator.auth), 403, 'NOT_ALLOWED');
    expectError(await accounts({ search: 'x'.repeat(101) }), 422, 'VALIDATION_FAILED');
  });

  it('refuses a reversed period (422)', async () => {
    expectError(await read({ from: '2026-06-30', to: '2026-06-01' }), 422, 'VALIDATION_FAILED');
  });
});
