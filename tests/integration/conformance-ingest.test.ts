import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveViolation } from '../../src/shared/contracts/traffic';
import { createAlert, SACLAY_SQUARE } from '../factories/records';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START } from './support';

describe('conformance wired to the traffic ingest', () => {
  let t: TestApp;
  const violations: LiveViolation[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.trafficBus.subscribe({ positions: () => undefined, violation: (violation) => violations.push(violation) });
  });
  afterAll(() => t.close());

  it('raises one episode of a doNotEnter alert for a tracker posting with its API key, tells the outbox once and the live map', async () => {
    t.clock.set(new Date(CLOCK_START.getTime() + 60_000));
    const owner = await createUser(t.db.prisma, { apiKey: randomBytes(24).toString('hex') });
    const watcher = await createUser(t.db.prisma);
    const ident = `TRK-${randomBytes(3).toString('hex')}`;
    await t.db.prisma.tracker.create({ data: { ident, relatedUserId: owner.id, vehicle: 'drone', source: 'wi' } });
    const alert = await createAlert(t.db.prisma, {
      name: 'Saclay no-fly',
      geometry: SACLAY_SQUARE,
      upperLimitM: 150,
      notifyEmail: true,
      linkedUsers: { connect: { id: watcher.id } },
    });
    const positions = [0, 5, 10, 15].map((second) => ({
      ident,
      lat: 48.71,
      lon: 2.16 + second / 10_000,
      alt: 40 + second,
      time: new Date(CLOCK_START.getTime() + second * 1000).toISOString(),
      type: 'drone',
      source: 'wi',
    }));

    const first = await request(t.app)
      .post('/api/traffics/')
      .set('X-Api-Key', owner.apiKey!)
      .send({ positions: positions.slice(0, 2) });
    const second = await request(t.app)
      .post('/api/traffics/')
      .set('X-Api-Key', owner.apiKey!)
      .send({ positions: positions.slice(2) });

    expect([first.status, second.status]).toEqual([201, 201]);
    expect([first.body.accepted, second.body.accepted]).toEqual([2, 2]);
    const episodes = await t.db.prisma.violation.findMany({ where: { alertId: alert.id } });
    expect(episodes).toMatchObject([{ ident, source: 'wi', userId: owner.id, endedAt: null, positionCount: 4, heightM: 55 }]);
    expect(await t.db.prisma.outboxMessage.count({ where: { recipient: watcher.email, channel: 'email' } })).toBe(1);
    expect(await t.db.prisma.outboxMessage.count({ where: { recipient: owner.email, channel: 'email' } })).toBe(1);
    expect(violations.filter((violation) => violation.id === episodes[0]!.id)[0]).toMatchObject({ alertName: 'Saclay no-fly', ident });
  });
});
