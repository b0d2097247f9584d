import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_RIGHTS, AIRSPACE_MANAGER_RIGHTS, OPERATOR_RIGHTS, rightsFromRoles, type Right } from '../../src/shared/domain/rights';
import { TEST_PASSWORD, signedInUser } from '../factories/users';
import { createMachine, createPilot } from '../factories/registry';
import { createTestApp, type TestApp } from '../setup/test-app';
import { completeMission, postMission } from './missions-support';
import { pdfBytes } from '../factories/files';
import { ALL_PILOT_RIGHTS, supervisedPilot } from './supervision-support';
import { expectError, postLogin } from './support';

// Issue 13: the authorisation matrix, generated from the OpenAPI document (x-access, x-permissions). Every operation
// is called by every persona; the expected answer follows from the document and the persona's rights as the login
// answer states them (a supervised pilot's are cut by its level, docs/security.md "Rights"):
// - anonymous on a non-public operation: 401;
// - signed in without any of x-permissions: 403;
// - with one of them: neither 401 nor 403 nor 5xx (ids are unknown or the persona's own, bodies empty: 2xx or a 4xx
//   of validation, conflict or not found).
// Then reads and writes on another operator's records answer 404 and change nothing.

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  access: 'public' | 'signedIn' | 'rights';
  permissions: Right[];
}

interface Persona {
  name: string;
  userId: string | null;
  auth: Record<string, string>;
  rights: ReadonlySet<Right>;
}

/** Operations a matrix call would spoil for the next ones: logging out ends the persona's token (sessions-end.test.ts). */
/** Public in the OpenAPI sense (no session needed) but authenticated by their own credential: the API key (docs/live-traffic.md). */
const OWN_CREDENTIAL = new Set(['post /api/traffics']);

// The violation notices stream stays open until the token expires: its rights are in manager-violations.test.ts.
const SKIPPED = new Set(['post /api/security/logout', 'get /api/violations/notices']);

const ALLOWED = new Set([200, 201, 202, 204, 400, 404, 409, 413, 422]);

/** Runs `tasks` `width` at a time: the calls are independent, the database serializes what must be. */
async function inParallel<T>(tasks: (() => Promise<T>)[], width = 12): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

describe('authorisation matrix (OpenAPI x-permissions × personas)', () => {
  let t: TestApp;
  let operations: Operation[];
  const personas: Persona[] = [];
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let foreign: { mission: string; pilot: string; machine: string; device: string };
  /** A mission of `operator` flown by its own pilot (not by the supervised pilots), with a file. */
  let crewless: { mission: string; attachment: string };

  beforeAll(async () => {
    t = await createTestApp();
    const document = (await request(t.app).get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-access': Operation['access']; 'x-permissions': Right[] }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method as Operation['method'],
        path,
        access: op['x-access'],
        permissions: op['x-permissions'],
      })),
    );

    const agreed = { agreementStatus: 'validated' as const };
    [operator, other] = await Promise.all([
      signedInUser(t.app, t.db.prisma, [...OPERATOR_RIGHTS], agreed),
      signedInUser(t.app, t.db.prisma, [...OPERATOR_RIGHTS], agreed),
    ]);
    const [manager, otherManager, admin] = await Promise.all([
      signedInUser(t.app, t.db.prisma, [...AIRSPACE_MANAGER_RIGHTS]),
      signedInUser(t.app, t.db.prisma, [...AIRSPACE_MANAGER_RIGHTS]),
      signedInUser(t.app, t.db.prisma, [...ADMIN_RIGHTS]),
    ]);
    await t.db.prisma.airspace.create({
      data: { name: 'Matrix A', internalCode: 'matrix-a', managers: { connect: { id: manager.user.id } } },
    });
    await t.db.prisma.airspace.create({
      data: { name: 'Matrix B', internalCode: 'matrix-b', managers: { connect: { id: otherManager.user.id } } },
    });
    const pilots = await Promise.all([1, 2, 3].map((level) => supervisedPilot(t, operator.user.id, level, ALL_PILOT_RIGHTS)));
    const persona = (name: string, signedIn: { user: { id: string }; auth: Record<string, string>; session: { roles: string[] } }) =>
      personas.push({ name, userId: signedIn.user.id, auth: signedIn.auth, rights: rightsFromRoles(signedIn.session.roles) });
    personas.push({ name: 'anonymous', userId: null, auth: {}, rights: new Set() });
    persona('operator', operator);
    persona('other operator', other);
    pilots.forEach((pilot, index) =>
      persona(`supervised pilot level ${index + 1}`, { ...pilot, auth: pilot.auth!, session: pilot.session! }),
    );
    // docs/security.md "Missions a pilot flies": the basic pilot without "other pilots' pre-flights".
    const ownFlights = await supervisedPilot(t, operator.user.id, 1, ['missionPreparation', 'viewOperatorMachines', 'personalAccount']);
    persona('supervised pilot of his own flights', { ...ownFlights, auth: ownFlights.auth!, session: ownFlights.session! });
    persona('airspace manager', manager);
    persona('other manager', otherManager);
    persona('admin', admin);

    const otherPilot = await createPilot(t.db.prisma, other.user.id);
    const otherMachine = await createMachine(t.db.prisma, other.user.id);
    const mission = await postMission(t, other.auth, completeMission({ pilot: otherPilot, machine: otherMachine }));
    const device = await request(t.app).post('/api/devices').set(other.auth).send({ appIdentifier: 'fcm:matrix-other' });
    foreign = { mission: mission.body.id, pilot: otherPilot.id, machine: otherMachine.id, device: device.body.id };

    const operatorPilot = await createPilot(t.db.prisma, operator.user.id);
    const operatorMachine = await createMachine(t.db.prisma, operator.user.id);
    const own = await postMission(t, operator.auth, completeMission({ pilot: operatorPilot, machine: operatorMachine }));
    const attachment = await request(t.app)
      .post('/api/attachments')
      .set(operator.auth)
      .field('recordType', 'mission')
      .field('recordId', own.body.id)
      .field('kind', 'missionOther')
      .attach('file', pdfBytes(), { filename: 'site.pdf', contentType: 'application/pdf' });
    await t.db.prisma.mission.update({ where: { id: own.body.id }, data: { status: 'validated' } });
    crewless = { mission: own.body.id, attachment: attachment.body.id };
  }, 120_000);
  afterAll(() => t.close());

  /** The path with its parameters filled: unknown ids, and the persona's own id where a user id is asked. */
  function concrete(path: string, persona: Persona) {
    return path
      .replace('{userId}', persona.userId ?? randomUUID())
      .replace('{action}', 'cancel')
      .replace('{name}', 'unknown-layer')
      .replace(/\{\w+\}/g, () => randomUUID());
  }

  function expected(operation: Operation, persona: Persona): 'unauthenticated' | 'forbidden' | 'allowed' {
    if (operation.access === 'public')
      return persona.userId === null && OWN_CREDENTIAL.has(`${operation.method} ${operation.path}`) ? 'unauthenticated' : 'allowed';
    if (persona.userId === null) return 'unauthenticated';
    if (operation.access === 'rights' && !operation.permissions.some((right) => persona.rights.has(right))) return 'forbidden';
    return 'allowed';
  }

  function verdict(status: number, expectation: ReturnType<typeof expected>) {
    if (expectation === 'unauthenticated') return status === 401;
    if (expectation === 'forbidden') return status === 403;
    return ALLOWED.has(status);
  }

  it('the document lists every operation with its access', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const operation of operations) expect(['public', 'signedIn', 'rights']).toContain(operation.access);
  });

  it.each([
    'anonymous',
    'operator',
    'other operator',
    'supervised pilot level 1',
    'supervised pilot level 2',
    'supervised pilot level 3',
    'supervised pilot of his own flights',
    'airspace manager',
    'other manager',
    'admin',
  ])('%s gets the expected status on every operation', async (name) => {
    const persona = personas.find((p) => p.name === name)!;
    const calls = operations
      .filter((operation) => !SKIPPED.has(`${operation.method} ${operation.path}`))
      .map((operation) => async () => {
        const call = request(t.app)[operation.method](concrete(operation.path, persona)).set(persona.auth);
        const response = operation.method === 'get' || operation.method === 'delete' ? await call : await call.send({});
        const expectation = expected(operation, persona);
        return verdict(response.status, expectation)
          ? null
          : `${operation.method.toUpperCase()} ${operation.path}: expected ${expectation}, got ${response.status} ${response.body?.code ?? ''}`;
      });

    const mismatches = (await inParallel(calls)).filter(Boolean);

    expect(mismatches).toEqual([]);
  });

  it('a supervised pilot at level 0 cannot sign in', async () => {
    const disabled = await supervisedPilot(t, operator.user.id, 0, ALL_PILOT_RIGHTS);

    expectError(await postLogin(t, { email: disabled.user.email, password: TEST_PASSWORD }), 403, 'ACCOUNT_DEACTIVATED');
  });

  describe('another operator’s records answer 404 and stay as they were', () => {
    const reaching = [
      'operator',
      'supervised pilot level 1',
      'supervised pilot level 2',
      'supervised pilot level 3',
      'supervised pilot of his own flights',
    ];

    it.each(reaching)('%s', async (name) => {
      const persona = personas.find((p) => p.name === name)!;
      const before = await t.db.prisma.mission.findUniqueOrThrow({ where: { id: foreign.mission } });
      const mission = `/api/preflights/${foreign.mission}`;
      const missionBody = completeMission({ pilot: { id: foreign.pilot }, machine: { id: foreign.machine } }, { title: 'Taken' });
      const bodies: Record<string, object> = {
        [mission]: missionBody,
        [`/api/pilots/${foreign.pilot}`]: { firstName: 'Taken', lastName: 'Over', email: 'taken@example.com' },
        [`/api/machines/${foreign.machine}`]: { serialNumber: 'SN-TAKEN', internalName: 'Taken' },
      };
      const calls: [Operation['method'], string][] = [
        ['get', mission],
        ['put', mission],
        ['delete', mission],
        ['get', `${mission}/history`],
        ['get', `${mission}/export?format=geojson`],
        ['get', `${mission}/regulation?country=FR`],
        ['get', `${mission}/notifications`],
        ...['sendForValidation', 'validate', 'cancel', 'duplicate', 'archive'].map(
          (action) => ['post', `${mission}/actions/${action}`] as [Operation['method'], string],
        ),
        ['get', `/api/pilots/${foreign.pilot}`],
        ['put', `/api/pilots/${foreign.pilot}`],
        ['delete', `/api/pilots/${foreign.pilot}`],
        ['get', `/api/machines/${foreign.machine}`],
        ['put', `/api/machines/${foreign.machine}`],
        ['delete', `/api/machines/${foreign.machine}`],
        ['delete', `/api/devices/${foreign.device}`],
      ];

      const answers = await inParallel(
        calls.map(([method, path]) => async () => {
          const call = request(t.app)[method](path).set(persona.auth);
          const response = method === 'get' || method === 'delete' ? await call : await call.send(bodies[path] ?? {});
          return `${method.toUpperCase()} ${path.replace(/[0-9a-f-]{36}/, ':id')} ${response.status}`;
        }),
      );

      // 403 where the persona lacks the right altogether, 404 (never the data) where it has it; no write anywhere.
      for (const answer of answers) expect(answer).toMatch(/ (403|404)$/);
      expect(answers.filter((answer) => answer.startsWith('GET /api/preflights')).every((answer) => answer.endsWith('404'))).toBe(true);
      expect(await t.db.prisma.mission.findUniqueOrThrow({ where: { id: foreign.mission } })).toEqual(before);
      expect(await t.db.prisma.pilot.count({ where: { id: foreign.pilot, deletedAt: null } })).toBe(1);
      expect(await t.db.prisma.machine.count({ where: { id: foreign.machine, deletedAt: null } })).toBe(1);
      expect(await t.db.prisma.device.count({ where: { id: foreign.device } })).toBe(1);
    });

    it('another pilot’s mission of the same operator answers 404 to a pilot of his own flights, in every module', async () => {
      const persona = personas.find((p) => p.name === 'supervised pilot of his own flights')!;
      const id = crewless.mission;
      const mission = `/api/preflights/${id}`;
      const before = await t.db.prisma.mission.findUniqueOrThrow({ where: { id } });
      const send = (method: 'post' | 'put', path: string, body: object) => request(t.app)[method](path).set(persona.auth).send(body);
      const upload = () =>
        request(t.app)
          .post('/api/attachments')
          .set(persona.auth)
          .field('recordType', 'mission')
          .field('recordId', id)
          .field('kind', 'missionOther')
          .attach('file', pdfBytes(), { filename: 'taken.pdf', contentType: 'application/pdf' });
      const calls: [string, () => PromiseLike<request.Response>][] = [
        ['GET mission', () => request(t.app).get(mission).set(persona.auth)],
        [
          'PUT mission',
          () => send('put', mission, completeMission({ pilot: { id: before.referentPilotId! }, machine: { id: before.mainMachineId! } })),
        ],
        ...['history', 'export?format=geojson', 'regulation?country=FR', 'notifications', 'weather'].map(
          (path): [string, () => PromiseLike<request.Response>] => [
            `GET mission/${path}`,
            () => request(t.app).get(`${mission}/${path}`).set(persona.auth),
          ],
        ),
        ['POST mission/notifications', () => send('post', `${mission}/notifications`, { type: 'army' })],
        ...['sendForValidation', 'cancel', 'duplicate', 'archive'].map((action): [string, () => PromiseLike<request.Response>] => [
          `POST mission/actions/${action}`,
          () => send('post', `${mission}/actions/${action}`, {}),
        ]),
        ['GET attachments', () => request(t.app).get(`/api/attachments?recordType=mission&recordId=${id}`).set(persona.auth)],
        ['GET attachment content', () => request(t.app).get(`/api/attachments/${crewless.attachment}/content`).set(persona.auth)],
        ['POST attachment', upload],
        ['DELETE attachment', () => request(t.app).delete(`/api/attachments/${crewless.attachment}`).set(persona.auth)],
        ['GET procedures/airspaces', () => request(t.app).get(`/api/procedures/airspaces?missionId=${id}`).set(persona.auth)],
        ['POST procedures', () => send('post', '/api/procedures', { missionId: id, airspaceId: randomUUID(), conditionsAccepted: true })],
        ['GET postflight', () => request(t.app).get(`/api/postflights/${id}`).set(persona.auth)],
        ['POST postflight note', () => send('post', `/api/postflights/${id}/notes`, { text: 'Taken over' })],
        ['GET track', () => request(t.app).get(`/api/postflights/${id}/track?format=gpx`).set(persona.auth)],
        [
          'GET replay',
          () =>
            request(t.app)
              .get(`/api/replay/positions?from=2026-01-01T00:00:00.000Z&to=2026-01-02T00:00:00.000Z&missionId=${id}`)
              .set(persona.auth),
        ],
      ];

      const answers = await inParallel(
        calls.map(
          ([label, call]) =>
            async () =>
              `${label} ${(await call()).status}`,
        ),
      );

      for (const answer of answers) expect(answer).toMatch(/ (403|404)$/);
      expect(await t.db.prisma.mission.findUniqueOrThrow({ where: { id } })).toEqual(before);
      expect(await t.db.prisma.attachment.count({ where: { recordId: id } })).toBe(1);
      expect(await t.db.prisma.postFlightNote.count({ where: { postFlight: { missionId: id } } })).toBe(0);
      expect(await t.db.prisma.notification.count({ where: { missionId: id } })).toBe(0);
    });

    it('another operator’s payments answer 403 or 404 to an operator', async () => {
      const response = await request(t.app).get(`/api/users/${other.user.id}/payments`).set(operator.auth);

      expect([403, 404]).toContain(response.status);
    });
  });
});
