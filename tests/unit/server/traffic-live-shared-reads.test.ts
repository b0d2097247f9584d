import { setTimeout as sleep } from 'node:timers/promises';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../server/lib/auth-token';
import { createLogger } from '../../../server/lib/logger';
import { createTableChanges } from '../../../server/lib/table-changes';
import { createMemoryBus } from '../../../server/modules/traffic/traffic.bus';
import { createLiveHub } from '../../../server/modules/traffic/traffic.live';
import type { LiveScope } from '../../../server/modules/traffic/traffic.scope';
import { listen, openLive } from '../../integration/live-support';

// Issue 24: 1,000 live-map clients of one account read its rights and the viewport's snapshot 1,000 times at
// connection and again every refresh, all at once, on the pool that ingest and health need. Streams of one account and
// token version share one read of its rights; streams asking for the same viewport together share one snapshot read.
const BOX = [2.0, 48.6, 2.4, 48.8] as const;
const REFRESH_MS = 30_000;
const STREAMS = 40;

const everything = (userId: string): LiveScope => ({
  all: true,
  userIds: new Set(),
  missionIds: new Set(),
  airspaces: [],
  ownUserIds: new Set([userId]),
  ownMissionIds: new Set(),
  signature: `all|${userId}`,
});

describe('live hub: reads shared by the streams of one account and viewport', () => {
  const closers: (() => unknown)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function start() {
    let now = new Date('2026-11-27T12:00:00Z');
    const scopeReads: string[] = [];
    let snapshotReads = 0;
    const hub = createLiveHub({
      bus: createMemoryBus(),
      repository: {
        lastPositions: async () => {
          snapshotReads += 1;
          await sleep(200);
          return [];
        },
      },
      scopes: async (user) => {
        scopeReads.push(user.id);
        await sleep(20);
        return everything(user.id);
      },
      changes: createTableChanges(),
      acceptedVersions: async (ids) => new Map(ids.map((id) => [id, 0])),
      clock: { now: () => now },
      logger: createLogger('silent'),
      staleSeconds: 60,
      flushMs: 20,
      scopeRefreshMs: REFRESH_MS,
    });
    const app = express();
    app.get('/api/traffics/live', (req, res) => {
      const user: AuthUser = { id: String(req.get('authorization')).slice('Bearer '.length), email: 'x@example.org', rights: new Set() };
      hub.connect(user, 0, BOX, res).catch(() => res.end());
    });
    const server = await listen(app);
    closers.push(
      () => server.close(),
      () => hub.close(),
    );
    const open = async (userId: string) => {
      const client = await openLive(server.url, userId, BOX.join(','));
      closers.push(() => client.close());
      await client.next('snapshot');
      return client;
    };
    return {
      open,
      scopeReads,
      snapshotReads: () => snapshotReads,
      advance(ms: number) {
        now = new Date(now.getTime() + ms);
      },
    };
  }

  it('streams of one account opening together read its rights once, and once again per refresh', async () => {
    const hub = await start();
    await Promise.all(Array.from({ length: STREAMS }, (_, i) => hub.open(i % 2 ? 'alice' : 'bob')));
    expect(hub.scopeReads.toSorted()).toEqual(['alice', 'bob']);

    hub.advance(REFRESH_MS);
    await expect.poll(() => hub.scopeReads.length).toBe(4);
    await sleep(200);
    expect(hub.scopeReads.toSorted()).toEqual(['alice', 'alice', 'bob', 'bob']);
  });

  it('streams opening together on one viewport share its snapshot read', async () => {
    const hub = await start();
    await Promise.all(Array.from({ length: STREAMS }, () => hub.open('alice')));
    expect(hub.snapshotReads()).toBeLessThan(STREAMS / 2);
  });
});
