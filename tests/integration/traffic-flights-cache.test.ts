import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app';
import { createContext, type AppContext } from '../../server/context';
import { connectDatabase } from '../../server/lib/database';
import { createLogger } from '../../server/lib/logger';
import type { TableChanges } from '../../server/lib/table-changes';
import { createTestApp, type TestApp } from '../setup/test-app';
import { missionOperator } from './missions-support';
import { CLOCK_START, MINUTE } from './support';

const NOW = new Date(CLOCK_START.getTime() + 30 * MINUTE);
const after = (ms: number) => new Date(NOW.getTime() + ms);

/** Resolves at the next notification naming `table`. */
function nextChange(changes: TableChanges, table: string) {
  return new Promise<void>((resolve) => {
    const unsubscribe = changes.subscribe((changed) => {
      if (changed !== table) return;
      unsubscribe();
      resolve();
    });
  });
}

/** An operator whose tracker posts with the account's API key; `postedMission` answers the mission a position got. */
async function trackerSender(t: TestApp) {
  const owner = await missionOperator(t, ['PREFLIGHT_LIST', 'PREFLIGHT_EDIT', 'TRAFFIC_LIST']);
  const apiKey = randomBytes(24).toString('hex');
  await t.db.prisma.user.update({ where: { id: owner.user.id }, data: { apiKey } });
  const tracker = `TRK-${randomBytes(3).toString('hex')}`;
  await t.db.prisma.tracker.create({ data: { ident: tracker, relatedUserId: owner.user.id, vehicle: 'drone', source: 'wi' } });
  async function postedMission(time: Date) {
    const response = await request(t.app)
      .post('/api/traffics/')
      .set('X-Api-Key', apiKey)
      .send({ positions: [{ ident: tracker, lat: 48.71, lon: 2.16, alt: 40, time: time.toISOString(), type: 'drone', source: 'wi' }] });
    expect(response.body).toMatchObject({ accepted: 1, rejected: [] });
    const track = await t.db.prisma.track.findFirstOrThrow({ where: { ident: tracker, time } });
    return track.missionId;
  }
  return { owner, postedMission };
}

type Sender = Awaited<ReturnType<typeof trackerSender>>;

describe('the flights a sender posts for, kept while the same instance takes off and lands', () => {
  let t: TestApp;
  let sender: Sender;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(NOW);
    sender = await trackerSender(t);
  });
  afterAll(() => t.close());

  it('links the next position to a flight taken off at once, and none once it landed', async () => {
    const { owner, postedMission } = sender;
    const mission = await t.db.prisma.mission.create({
      data: { userId: owner.user.id, title: 'Kept flight', status: 'validated', referentPilotId: owner.pilot.id },
    });
    expect(await postedMission(after(0))).toBeNull();
    expect(await postedMission(after(100))).toBeNull();

    await request(t.app).post('/api/preflights/takeoff').set(owner.auth).send({ preFlightId: mission.id });
    t.clock.advance(1000);
    expect(await postedMission(after(1000))).toBe(mission.id);
    expect(await postedMission(after(1100))).toBe(mission.id);

    await request(t.app).post('/api/preflights/landing').set(owner.auth).send({ preFlightId: mission.id });
    t.clock.advance(1000);
    expect(await postedMission(after(2000))).toBeNull();
  });
});

// PGlite serves a single session, so a second server cannot connect to it: the embedded database is one instance.
if (inject('database').kind === 'postgres') {
  describe('the flights a sender posts for, kept by one instance while another takes off and lands', () => {
    let t: TestApp;
    let other: ReturnType<typeof connectDatabase>;
    let otherCtx: AppContext;
    let otherApp: ReturnType<typeof createApp>;
    let owner: Sender['owner'];
    let postedMission: Sender['postedMission'];

    beforeAll(async () => {
      t = await createTestApp();
      t.clock.set(NOW);
      other = connectDatabase(t.db.url, { embedded: false });
      otherCtx = createContext({
        config: t.config,
        prisma: other.prisma,
        pool: other.pool,
        changes: other.changes,
        clock: t.clock,
        logger: createLogger('silent'),
      });
      otherApp = createApp(otherCtx);
      ({ owner, postedMission } = await trackerSender(t));
    });
    afterAll(async () => {
      await otherCtx.closers.closeAll();
      await otherCtx.geometry.close();
      await other.close();
      await t.close();
    });

    it('links the positions to a flight taken off through the other instance at once, and to none once it landed', async () => {
      const mission = await t.db.prisma.mission.create({
        data: { userId: owner.user.id, title: 'Kept flight', status: 'validated', referentPilotId: owner.pilot.id },
      });
      // Before the take-off: no flight, and this instance keeps that.
      expect(await postedMission(after(0))).toBeNull();
      expect(await postedMission(after(100))).toBeNull();

      const tookOff = nextChange(t.ctx.changes, 'Flight');
      const takeoff = await request(otherApp).post('/api/preflights/takeoff').set(owner.auth).send({ preFlightId: mission.id });
      expect(takeoff.body.status).toBe('onGoing');
      await tookOff;
      t.clock.advance(1000);
      expect(await postedMission(after(1000))).toBe(mission.id);
      expect(await postedMission(after(1100))).toBe(mission.id);

      // The 15 s ping of the flying mission changes no flight: the positions still belong to it.
      t.clock.advance(15_000);
      const ping = await request(otherApp).post('/api/preflights/takeoff').set(owner.auth).send({ preFlightId: mission.id });
      expect(ping.body.status).toBe('onGoing');
      expect(await postedMission(after(16_000))).toBe(mission.id);

      const landed = nextChange(t.ctx.changes, 'Flight');
      const landing = await request(otherApp).post('/api/preflights/landing').set(owner.auth).send({ preFlightId: mission.id });
      expect(landing.status).toBe(200);
      await landed;
      t.clock.advance(1000);
      expect(await postedMission(after(17_000))).toBeNull();
      // A late position of the flight still belongs to it.
      expect(await postedMission(after(15_500))).toBe(mission.id);
    });

    it('follows a flight opened and closed by another writer of the database, the mission untouched', async () => {
      const mission = await t.db.prisma.mission.create({
        data: { userId: owner.user.id, title: 'Scripted flight', status: 'onGoing', referentPilotId: owner.pilot.id },
      });
      t.clock.set(after(10 * MINUTE));
      const at = (ms: number) => after(10 * MINUTE + ms);
      expect(await postedMission(at(0))).toBeNull();

      const opened = nextChange(t.ctx.changes, 'Flight');
      await other.prisma.flight.create({ data: { missionId: mission.id, takenOffBy: owner.user.id, takeoffAt: at(0), lastPingAt: at(0) } });
      await opened;
      expect(await postedMission(at(100))).toBe(mission.id);

      const closed = nextChange(t.ctx.changes, 'Flight');
      await other.prisma.flight.updateMany({ where: { missionId: mission.id }, data: { landedAt: at(200) } });
      await closed;
      expect(await postedMission(at(300))).toBeNull();
    });
  });
}
