import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlightConformance } from '../../../src/shared/contracts/conformance';
import type { AuthUser } from '../../../server/lib/auth-token';
import { createLogger } from '../../../server/lib/logger';
import { createTableChanges } from '../../../server/lib/table-changes';
import type { IngestedPosition } from '../../../server/modules/traffic/positions';
import { createMemoryBus } from '../../../server/modules/traffic/traffic.bus';
import { createLiveHub } from '../../../server/modules/traffic/traffic.live';
import { listen, openLive } from '../../integration/live-support';

// A flight's conformance state is published when it changes, not with each position (docs/live-traffic.md): a map
// whose viewport the flight enters later still colours it at once, with the state it had when it came into view.
const BOX = [2.0, 48.6, 2.4, 48.8] as const;
const NOW = new Date('2026-11-27T12:00:00Z');

const position = (lon: number, secondsAgo: number): IngestedPosition => ({
  ident: 'DRONE-1',
  source: 'wi',
  type: 'drone',
  lat: 48.7,
  lon,
  heightM: 40,
  speedMs: 8,
  heading: 90,
  time: new Date(NOW.getTime() - secondsAgo * 1000),
  userId: 'operator',
  missionId: 'mission',
  callsign: null,
  squawk: null,
  onGround: null,
});

const violating = (lon: number, secondsAgo: number): FlightConformance => ({
  missionId: 'mission',
  userId: 'operator',
  ident: 'DRONE-1',
  source: 'wi',
  time: new Date(NOW.getTime() - secondsAgo * 1000).toISOString(),
  lat: 48.7,
  lon,
  state: 'violating',
  violations: ['height'],
  warnings: [],
  edgeDistanceM: null,
  toleranceM: 0,
  heightM: 40,
  maxHeightM: 30,
  slotEndsAt: null,
});

describe('live hub: conformance states told on change', () => {
  const closers: (() => unknown)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  it('a target coming into the viewport comes with its flight state, told once while it stayed outside', async () => {
    const bus = createMemoryBus();
    const hub = createLiveHub({
      bus,
      repository: { lastPositions: async () => [] },
      scopes: async (user) => ({
        all: true,
        userIds: new Set(),
        missionIds: new Set(),
        airspaces: [],
        ownUserIds: new Set([user.id]),
        ownMissionIds: new Set(),
        signature: `all|${user.id}`,
      }),
      changes: createTableChanges(),
      acceptedVersions: async (ids) => new Map(ids.map((id) => [id, 0])),
      clock: { now: () => NOW },
      logger: createLogger('silent'),
      staleSeconds: 60,
      flushMs: 20,
    });
    const app = express();
    app.get('/api/traffics/live', (_req, res) => {
      const user: AuthUser = { id: 'admin', email: 'admin@example.org', rights: new Set() };
      hub.connect(user, 0, BOX, res).catch(() => res.end());
    });
    const server = await listen(app);
    closers.push(
      () => server.close(),
      () => hub.close(),
    );
    const client = await openLive(server.url, 'token', BOX.join(','));
    closers.push(() => client.close());
    await client.next('snapshot');

    // West of the viewport, where its state is told (once); then in the viewport, with no new state.
    bus.publishPositions([position(1.95, 3)]);
    bus.publishConformance(violating(1.95, 3));
    bus.publishPositions([position(2.05, 1)]);

    expect((await client.next('delta')).upserts.map((target) => target.key)).toEqual(['wi:DRONE-1']);
    expect(await client.next('conformance')).toMatchObject({ key: 'wi:DRONE-1', state: 'violating', violations: ['height'] });
  });
});
