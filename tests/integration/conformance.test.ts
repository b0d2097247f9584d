import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Prisma } from '../../server/generated/prisma/client';
import { createLogger } from '../../server/lib/logger';
import { createConformanceChecker, type ConformanceChecker } from '../../server/modules/conformance/conformance.checker';
import { createConformanceRepository } from '../../server/modules/conformance/conformance.repository';
import type { IngestedPosition } from '../../server/modules/traffic/positions';
import type { LiveViolation } from '../../src/shared/contracts/traffic';
import { createAlert } from '../factories/records';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START, MINUTE } from './support';
import { square } from './missions-support';

const SILENCE_MS = 2 * MINUTE;

/** Each test gets its own square of 0.01° (about 1.1 km × 0.7 km) so that alerts of one test leave the others alone. */
let nextArea = 0;
function area() {
  const lon = 3 + (nextArea % 20) * 0.05;
  const lat = 45 + Math.floor(nextArea / 20) * 0.05;
  nextArea += 1;
  const inside = { lon: lon + 0.005, lat: lat + 0.005 };
  const outside = { lon: lon + 0.02, lat: lat + 0.005 };
  return { geometry: square(lon, lat, 0.01), lon, lat, inside, outside };
}

describe('conformance checker', () => {
  let t: TestApp;
  let checker: ConformanceChecker;
  let published: LiveViolation[];
  let announced: { event: string; audience: readonly (string | null | undefined)[]; data: Record<string, unknown> }[];

  beforeAll(async () => {
    t = await createTestApp({ VIOLATION_SILENCE_SECONDS: '120' });
    checker = createConformanceChecker({
      repository: createConformanceRepository(t.db.prisma, t.db.pool),
      changes: t.db.changes,
      clock: t.clock,
      mailer: t.ctx.mailer,
      sms: t.ctx.sms,
      push: t.ctx.push,
      publish: (violation) => published.push(violation),
      logger: createLogger('silent'),
      silenceMs: t.config.violationSilenceMs,
      publicUrl: t.config.publicUrl,
      events: {
        publish: async (event, load) => {
          const announcement = await load();
          if (announcement) announced.push({ event, ...announcement });
        },
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.set(CLOCK_START);
    published = [];
    announced = [];
  });

  let identCount = 0;
  const ident = (prefix = 'DRN') => `${prefix}-${(identCount += 1)}`;
  const at = (where: { lon: number; lat: number }, fields: Partial<IngestedPosition> & { ident: string }): IngestedPosition => ({
    source: 'wi',
    type: 'drone',
    heightM: 50,
    speedMs: 5,
    heading: 90,
    time: t.clock.now(),
    userId: null,
    missionId: null,
    callsign: null,
    squawk: null,
    onGround: null,
    ...where,
    ...fields,
  });
  const episodes = (where: Prisma.ViolationWhereInput) => t.db.prisma.violation.findMany({ where, orderBy: { startedAt: 'asc' } });
  const alertOf = (fields: Partial<Prisma.AlertUncheckedCreateInput>) => createAlert(t.db.prisma, fields);

  /** Checks one position inside and one outside the rule, and answers the episodes of each ident. */
  async function insideAndOutside(alertId: string, breaking: IngestedPosition, complying: IngestedPosition) {
    await checker.check([breaking, complying]);
    return {
      breaking: await episodes({ alertId, ident: breaking.ident }),
      complying: await episodes({ alertId, ident: complying.ident }),
    };
  }

  describe('every alert type, one position breaking it and one complying', () => {
    it('doNotEnter: inside the volume, not above its upper limit nor outside it', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'doNotEnter', geometry: zone.geometry, lowerLimitM: 0, upperLimitM: 150 });
      const result = await insideAndOutside(
        alert.id,
        at(zone.inside, { ident: ident(), heightM: 100 }),
        at(zone.outside, { ident: ident() }),
      );
      const above = at(zone.inside, { ident: ident(), heightM: 200 });
      await checker.check([above]);

      expect(result.breaking).toHaveLength(1);
      expect(result.breaking[0]).toMatchObject({ source: 'wi', endedAt: null, positionCount: 1, heightM: 100 });
      // The worst value is how deep inside: the point sits about 370 m from the nearest (southern or western) edge.
      expect(result.breaking[0]!.worstValue).toBeGreaterThan(300);
      expect(result.complying).toHaveLength(0);
      expect(await episodes({ alertId: alert.id, ident: above.ident })).toHaveLength(0);
    });

    it('stayInside: a linked user’s traffic outside the area, and traffic that entered then left', async () => {
      const zone = area();
      const owner = await createUser(t.db.prisma);
      const alert = await alertOf({ type: 'stayInside', geometry: zone.geometry, linkedUsers: { connect: { id: owner.id } } });
      const result = await insideAndOutside(
        alert.id,
        at(zone.outside, { ident: ident(), userId: owner.id }),
        at(zone.inside, { ident: ident(), userId: owner.id }),
      );
      const stranger = ident();
      await checker.check([at(zone.outside, { ident: stranger })]);
      const visitor = ident();
      await checker.check([at(zone.inside, { ident: visitor })]);
      await checker.check([at(zone.outside, { ident: visitor })]);

      expect(result.breaking).toHaveLength(1);
      // 0.01° of longitude east of the edge at 45° N: about 786 m outside.
      expect(result.breaking[0]!.worstValue).toBeGreaterThan(750);
      expect(result.breaking[0]!.worstValue).toBeLessThan(820);
      expect(result.complying).toHaveLength(0);
      expect(await episodes({ alertId: alert.id, ident: stranger })).toHaveLength(0);
      expect(await episodes({ alertId: alert.id, ident: visitor })).toHaveLength(1);
    });

    it('height: above the upper limit inside the area', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'height', geometry: zone.geometry, upperLimitM: 120 });
      const result = await insideAndOutside(
        alert.id,
        at(zone.inside, { ident: ident(), heightM: 150 }),
        at(zone.inside, { ident: ident(), heightM: 110 }),
      );

      expect(result.breaking).toMatchObject([{ worstValue: 30 }]);
      expect(result.complying).toHaveLength(0);
    });

    it('noMission: a drone with no flying mission, not one flying its mission', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'noMission', geometry: zone.geometry });
      const operator = await createUser(t.db.prisma);
      const mission = await t.db.prisma.mission.create({ data: { userId: operator.id, title: 'Survey', status: 'onGoing' } });
      const result = await insideAndOutside(
        alert.id,
        at(zone.inside, { ident: ident() }),
        at(zone.inside, { ident: ident(), missionId: mission.id, userId: operator.id }),
      );
      const plane = ident('AB');
      await checker.check([at(zone.inside, { ident: plane, type: 'plane', source: 'ab' })]);

      expect(result.breaking).toHaveLength(1);
      expect(result.complying).toHaveLength(0);
      expect(await episodes({ alertId: alert.id, ident: plane })).toHaveLength(0);
    });

    it('identifiers: a drone whose ident is no registered tracker', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'identifiers', geometry: zone.geometry });
      const known = ident('TRK');
      await t.db.prisma.tracker.create({ data: { ident: known, vehicle: 'drone', source: 'wi' } });
      const result = await insideAndOutside(alert.id, at(zone.inside, { ident: ident() }), at(zone.inside, { ident: known }));

      expect(result.breaking).toHaveLength(1);
      expect(result.complying).toHaveLength(0);
    });

    it('missingIdentifiers: a drone reported without an identifier', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'missingIdentifiers', geometry: zone.geometry });
      await checker.check([at(zone.inside, { ident: 'unknown', source: 'as' }), at(zone.inside, { ident: ident('FRA') })]);

      expect(await episodes({ alertId: alert.id })).toMatchObject([{ ident: 'unknown', source: 'as' }]);
    });

    it('nonCollaborative: a drone seen by a detector (Aeroscope, ASD) and not a registered tracker', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'nonCollaborative', geometry: zone.geometry });
      const result = await insideAndOutside(
        alert.id,
        at(zone.inside, { ident: ident('AS'), source: 'as' }),
        at(zone.inside, { ident: ident(), source: 'wi' }),
      );

      expect(result.breaking).toHaveLength(1);
      expect(result.complying).toHaveLength(0);
    });

    it('proximities: a listed source closer to a listed target than both thresholds', async () => {
      const zone = area();
      const alert = await alertOf({
        type: 'proximities',
        geometry: zone.geometry,
        proximityHorizontalM: 500,
        proximityVerticalM: 100,
        proximitySources: ['wi'],
        proximityTargetSources: ['ab'],
      });
      await checker.check([at(zone.inside, { ident: ident('AB'), source: 'ab', type: 'heli', heightM: 100 })]);
      const near = { lon: zone.inside.lon + 0.002, lat: zone.inside.lat }; // about 150 m east
      const result = await insideAndOutside(
        alert.id,
        at(near, { ident: ident(), heightM: 60 }),
        at(near, { ident: ident(), heightM: 300 }), // 200 m above the helicopter
      );

      expect(result.breaking).toHaveLength(1);
      expect(result.breaking[0]!.worstValue).toBeGreaterThan(130);
      expect(result.breaking[0]!.worstValue).toBeLessThan(170);
      expect(result.complying).toHaveLength(0);
    });

    it('missionCompliance: outside the reduced area granted, above the height restriction, outside the slot or activation', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'missionCompliance', geometry: zone.geometry });
      const operator = await createUser(t.db.prisma);
      const manager = await createUser(t.db.prisma, { phoneNumber: '+33687654321' });
      const airspace = await t.db.prisma.airspace.create({
        data: {
          name: 'Conformance airspace',
          internalCode: `CONF-${nextArea}`,
          geometry: zone.geometry,
          activationTrigger: 'always',
          violationChannels: ['sms'],
          managers: { connect: { id: manager.id } },
        },
      });
      const start = new Date(CLOCK_START.getTime() - 30 * MINUTE);
      const mission = await t.db.prisma.mission.create({
        data: {
          userId: operator.id,
          title: 'Inspection',
          status: 'onGoing',
          areas: zone.geometry,
          maxHeightM: 120,
          startAt: start,
          endAt: new Date(CLOCK_START.getTime() + 90 * MINUTE),
        },
      });
      // The eastern half of the mission area is granted, up to 80 m.
      const reduced = square(zone.lon + 0.005, zone.lat, 0.005).coordinates[0]!;
      const request = await t.db.prisma.request.create({
        data: {
          referenceNumber: `AG-TEST-${nextArea}`,
          missionId: mission.id,
          airspaceId: airspace.id,
          operatorId: operator.id,
          status: 'acceptedWithRestrictions',
          conditionsAcceptedAt: start,
          submittedAt: start,
          missionSnapshot: {},
          restrictions: [
            { kind: 'reducedArea', area: { type: 'Polygon', coordinates: reduced } },
            { kind: 'maxHeight', maxHeightM: 80 },
          ],
        },
      });
      await t.db.prisma.activation.create({
        data: { requestId: request.id, startAt: start, endAt: new Date(CLOCK_START.getTime() + 10 * MINUTE), status: 'accepted' },
      });
      const flying = (where: { lon: number; lat: number }, fields: Partial<IngestedPosition>) =>
        at(where, { ident: ident('MSN'), missionId: mission.id, userId: operator.id, ...fields });
      const granted = { lon: zone.lon + 0.007, lat: zone.lat + 0.005 };
      const notGranted = { lon: zone.lon + 0.002, lat: zone.lat + 0.005 };

      const compliant = flying(granted, { heightM: 60 });
      const outsideReduced = flying(notGranted, { heightM: 60 });
      const tooHigh = flying(granted, { heightM: 100 });
      const afterActivation = flying(granted, { heightM: 60, time: new Date(CLOCK_START.getTime() + 20 * MINUTE) });
      await checker.check([compliant, outsideReduced, tooHigh, afterActivation]);

      expect(await episodes({ alertId: alert.id, ident: compliant.ident })).toHaveLength(0);
      expect(await episodes({ alertId: alert.id, ident: outsideReduced.ident })).toMatchObject([{ missionId: mission.id }]);
      expect(await episodes({ alertId: alert.id, ident: tooHigh.ident })).toMatchObject([{ worstValue: 20 }]);
      expect(await episodes({ alertId: alert.id, ident: afterActivation.ident })).toHaveLength(1);
      // The airspace tells its manager by SMS only, once per episode, whatever the alert's own channels.
      const told = await t.db.prisma.outboxMessage.findMany({ where: { recipient: { in: [manager.email, '+33687654321'] } } });
      expect(told.map((message) => message.channel)).toEqual(['sms', 'sms', 'sms']);
    });
  });

  describe('episodes', () => {
    it('keeps one row per episode, tells each channel once, and ends it when the traffic complies again', async () => {
      const zone = area();
      const watcher = await createUser(t.db.prisma, { phoneNumber: '+33612345678', lang: 'fr' });
      const terminal = `https://push.example.test/${ident('EP')}`;
      await t.db.prisma.pushSubscription.create({ data: { userId: watcher.id, endpoint: terminal, p256dh: 'BKey', auth: 'secret' } });
      const alert = await alertOf({
        type: 'doNotEnter',
        name: 'Hospital',
        geometry: zone.geometry,
        notifyEmail: true,
        notifySms: true,
        notifyPush: true,
        linkedUsers: { connect: { id: watcher.id } },
      });
      const drone = ident();
      for (const heightM of [40, 90, 70]) {
        t.clock.advance(5_000);
        await checker.check([at(zone.inside, { ident: drone, heightM })]);
      }

      const [open] = await episodes({ alertId: alert.id });
      expect(open).toMatchObject({ ident: drone, endedAt: null, positionCount: 3, heightM: 70 });
      const messages = await t.db.prisma.outboxMessage.findMany({ where: { recipient: { in: [watcher.email, watcher.phoneNumber!] } } });
      expect(messages.map((message) => message.channel).sort()).toEqual(['email', 'push', 'sms']);
      expect(messages.find((message) => message.channel === 'email')!.subject).toContain('Hospital');
      expect(messages.find((message) => message.channel === 'push')).toMatchObject({ recipient: watcher.email, status: 'recorded' });
      expect(published.filter((violation) => violation.id === open!.id)[0]).toMatchObject({ alertName: 'Hospital', endedAt: null });
      expect((await checker.listOpenViolations()).map((violation) => violation.id)).toContain(open!.id);

      t.clock.advance(5_000);
      const leftAt = t.clock.now();
      await checker.check([at(zone.outside, { ident: drone })]);
      t.clock.advance(5_000);
      await checker.check([at(zone.inside, { ident: drone })]);

      const rows = await episodes({ alertId: alert.id });
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ id: open!.id, endedAt: leftAt, positionCount: 3 });
      expect(rows[1]).toMatchObject({ endedAt: null, positionCount: 1 });
      expect(published.at(-2)).toMatchObject({ id: open!.id, endedAt: leftAt.toISOString() });
      expect(await t.db.prisma.outboxMessage.count({ where: { recipient: watcher.email, channel: 'email' } })).toBe(2);
      // Webhooks hear the start and the end, once each, as the alert's audience does.
      expect(announced.filter((entry) => entry.data.id === open!.id).map((entry) => [entry.event, entry.audience])).toEqual([
        ['violation.started', [watcher.id]],
        ['violation.ended', [watcher.id]],
      ]);
      expect((await checker.listOpenViolations()).map((violation) => violation.id)).not.toContain(open!.id);
    });

    it('batches checked at the same time write one episode per alert and ident, with every position counted', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'doNotEnter', geometry: zone.geometry });
      const drone = ident();
      const inside = (heightM: number, index: number) =>
        checker.check([at(zone.inside, { ident: drone, heightM, time: new Date(t.clock.now().getTime() + index * 1000) })]);
      // What is checked against is read again after the alert's creation; then the first batch's insert is under
      // way while the next ones are checked, and their rows wait for it.
      await checker.listOpenViolations();
      const first = inside(40, 0);
      await new Promise((resolve) => setImmediate(resolve));
      const later = [60, 50, 30].map((heightM, index) => inside(heightM, index + 1));
      const left = checker.check([at(zone.outside, { ident: drone, time: new Date(t.clock.now().getTime() + 5000) })]);
      await Promise.all([first, ...later, left]);

      expect(await episodes({ alertId: alert.id })).toMatchObject([
        { ident: drone, positionCount: 4, heightM: 30, endedAt: new Date(t.clock.now().getTime() + 5000) },
      ]);
    });

    it('ends an episode when its traffic has been silent for the configured time', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'doNotEnter', geometry: zone.geometry });
      const drone = ident();
      await checker.check([at(zone.inside, { ident: drone })]);
      const lastAt = t.clock.now();

      t.clock.advance(SILENCE_MS - 1_000);
      await checker.sweep();
      expect(await episodes({ alertId: alert.id })).toMatchObject([{ endedAt: null }]);

      t.clock.advance(2_000);
      await checker.sweep();
      expect(await episodes({ alertId: alert.id })).toMatchObject([{ endedAt: lastAt }]);
    });

    it('counts only the linked users’ traffic for a showForUsersOnly alert', async () => {
      const zone = area();
      const linked = await createUser(t.db.prisma);
      const other = await createUser(t.db.prisma);
      const alert = await alertOf({
        type: 'doNotEnter',
        geometry: zone.geometry,
        showForUsersOnly: true,
        linkedUsers: { connect: { id: linked.id } },
      });
      const result = await insideAndOutside(
        alert.id,
        at(zone.inside, { ident: ident(), userId: linked.id }),
        at(zone.inside, { ident: ident(), userId: other.id }),
      );

      expect(result.breaking).toHaveLength(1);
      expect(result.complying).toHaveLength(0);
    });

    it('records the episodes of an alert not displayed, without showing them on the live map', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'doNotEnter', geometry: zone.geometry, isDisplayed: false });
      await checker.check([at(zone.inside, { ident: ident() })]);

      const [hidden] = await episodes({ alertId: alert.id });
      expect(hidden).toBeDefined();
      expect(published.some((violation) => violation.id === hidden!.id)).toBe(false);
      expect((await checker.listOpenViolations()).some((violation) => violation.id === hidden!.id)).toBe(false);
    });

    it('checks against an alert changed after it started, and stops checking a deleted one', async () => {
      const zone = area();
      const alert = await alertOf({ type: 'height', geometry: zone.geometry, upperLimitM: 300 });
      const drone = ident();
      await checker.check([at(zone.inside, { ident: drone, heightM: 200 })]);
      await t.db.prisma.alert.update({ where: { id: alert.id }, data: { upperLimitM: 100 } });
      t.clock.advance(1_000);
      await checker.check([at(zone.inside, { ident: drone, heightM: 200 })]);
      expect(await episodes({ alertId: alert.id })).toHaveLength(1);

      await t.db.prisma.alert.delete({ where: { id: alert.id } });
      t.clock.advance(1_000);
      await checker.check([at(zone.inside, { ident: drone, heightM: 250 })]);
      expect(await t.db.prisma.violation.count({ where: { ident: drone } })).toBe(0);
    });
  });

  it('stores an episode written and then updated field for field', async () => {
    const repository = createConformanceRepository(t.db.prisma, t.db.pool);
    const alert = await alertOf({ type: 'doNotEnter', geometry: area().geometry });
    const user = await createUser(t.db.prisma);
    const episode = {
      id: crypto.randomUUID(),
      alertId: alert.id,
      rule: null,
      ident: ident(),
      source: 'ad' as const,
      missionId: null,
      userId: user.id,
      startedAt: new Date('2026-11-28T10:00:00.123Z'),
      endedAt: null,
      lastAt: new Date('2026-11-28T10:00:05.456Z'),
      latitude: 45.123456789012,
      longitude: -1.5e-7,
      heightM: null,
      worstValue: 12.345678901234567,
      positionCount: 2,
    };
    await repository.writeEpisodes([episode], []);
    expect(await episodes({ id: episode.id })).toMatchObject([episode]);

    const later = { ...episode, endedAt: new Date('2026-11-28T10:02:00.001Z'), lastAt: new Date('2026-11-28T10:01:59.999Z') };
    const moved = { ...later, latitude: 45.2, longitude: 3.25, heightM: 121.5, worstValue: 40.5, positionCount: 9 };
    await repository.writeEpisodes([], [moved]);
    expect(await episodes({ id: episode.id })).toMatchObject([moved]);
  });
});
