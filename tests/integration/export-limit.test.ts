import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { areaSquare } from './automation-support';

const SELECTION = 'from=2026-06-01T00:00:00.000Z&to=2026-06-02T00:00:00.000Z';
/**
 * Positions of the user's mission, one a second from the selection's start: enough that a download the client does not
 * read stays open (about 8 MB of the day's CSV, 18 MB of the mission's GPX) rather than fit in the loopback buffers.
 */
const POSITIONS = 200_000;

// Issue 24 M5: exports (the replay's CSV and files, a mission's track, the logbook's CSV) are bounded per user and
// overall; past the bound, 429 EXPORT_BUSY with Retry-After (docs/performance.md "Exports and replay").
describe('exports and extractions at once', () => {
  let t: TestApp;
  let server: http.Server;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let missionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST']);
    missionId = (
      await t.db.prisma.mission.create({
        data: { userId: user.user.id, title: 'Long survey', status: 'validated', areas: areaSquare(2.2, 48.7, 0.01) },
      })
    ).id;
    await t.db.prisma.$executeRawUnsafe(
      `INSERT INTO "Track" (source, ident, type, "userId", time, lat, lon, "heightM", "missionId")
       SELECT 'mo', 'OWN', 'user', $1::uuid, timestamp '2026-06-01' + i * interval '1 second', 48.7, 2.2, 40, $2::uuid
         FROM generate_series(0, $3::int - 1) AS i`,
      user.user.id,
      missionId,
      POSITIONS,
    );
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** A download whose body the client does not read: it holds its slot until destroyed. */
  function stalledDownload(path: string) {
    const { port } = server.address() as AddressInfo;
    return new Promise<http.ClientRequest>((resolve, reject) => {
      const call = http.get({ host: '127.0.0.1', port, path, headers: user.auth }, (response) => {
        expect(response.statusCode).toBe(200);
        response.pause();
        resolve(call);
      });
      call.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    });
  }

  const get = (path: string) => request(t.app).get(path).set(user.auth);

  it("a download past the user's bound answers 429 EXPORT_BUSY with Retry-After, whichever export it is", async () => {
    // One at a time on the embedded database's single connection, two on PostgreSQL (server/composition/post-flight.ts):
    // the mission's track as GPX, then the replay's CSV.
    const perUser = t.ctx.pool.options.max > 1 ? 2 : 1;
    const running = [await stalledDownload(`/api/postflights/${missionId}/track?format=gpx`)];
    if (perUser > 1) running.push(await stalledDownload(`/api/replay/positions.csv?${SELECTION}`));

    for (const path of [
      `/api/replay/positions.csv?${SELECTION}`,
      `/api/replay/track?${SELECTION}&format=gpx`,
      `/api/postflights/${missionId}/track?format=kml`,
      '/api/logbook/csv',
    ]) {
      const refused = await get(path);
      expect([path, refused.status, refused.body.code]).toEqual([path, 429, 'EXPORT_BUSY']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Reads that are not exports go on.
    expect((await get('/api/logbook')).status).toBe(200);

    const first = running[0]!;
    const closed = new Promise((resolve) => first.once('close', resolve));
    first.destroy();
    await closed;
    for (const other of running.slice(1)) other.destroy();
    await expect.poll(async () => (await get('/api/logbook/csv')).status).toBe(200);
    // Two streamed exports of 200,000 rows on the embedded database: minutes on a busy machine (50 s seen at load 26).
  }, 180_000);
});
