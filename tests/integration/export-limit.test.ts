import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';

const FROM = Date.parse('2026-06-01T00:00:00Z');
const SELECTION = 'from=2026-06-01T00:00:00.000Z&to=2026-06-02T00:00:00.000Z';

// Issue 24 M5: exports and replay extractions are bounded per user and overall; past the bound, 429 EXPORT_BUSY with
// Retry-After (docs/performance.md "Exports and replay").
describe('exports and replay extractions at once', () => {
  let t: TestApp;
  let server: http.Server;
  let user: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST']);
    // Enough lines that a download the client does not read stays open: about 4 MB of CSV on the embedded database,
    // 20 MB on PostgreSQL, whose COPY writes faster than loopback buffers fill.
    const lines = t.ctx.pool.options.max > 1 ? 200_000 : 40_000;
    await t.db.prisma.track.createMany({
      data: Array.from({ length: lines }, (_, i) => ({
        source: 'mo' as const,
        ident: 'OWN',
        type: 'user',
        userId: user.user.id,
        time: new Date(FROM + i * 1_000),
        lat: 48.7,
        lon: 2.2,
        heightM: 40,
      })),
    });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }, 120_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** A CSV download whose body the client does not read: it holds its slot until destroyed. */
  function stalledDownload() {
    const { port } = server.address() as AddressInfo;
    return new Promise<http.ClientRequest>((resolve, reject) => {
      const call = http.get({ host: '127.0.0.1', port, path: `/api/replay/positions.csv?${SELECTION}`, headers: user.auth }, (response) => {
        expect(response.statusCode).toBe(200);
        response.pause();
        resolve(call);
      });
      call.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    });
  }

  it("a download past the user's bound answers 429 EXPORT_BUSY with Retry-After while the others run", async () => {
    // One at a time on the embedded database's single connection, two on PostgreSQL (server/composition/post-flight.ts).
    const perUser = t.ctx.pool.options.max > 1 ? 2 : 1;
    const running = [];
    for (let index = 0; index < perUser; index += 1) running.push(await stalledDownload());
    const first = running[0]!;

    const second = await request(t.app).get(`/api/replay/positions.csv?${SELECTION}`).set(user.auth);
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('EXPORT_BUSY');
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    const exported = await request(t.app).get(`/api/replay/track?${SELECTION}&format=gpx`).set(user.auth);
    expect(exported.status).toBe(429);

    const closed = new Promise((resolve) => first.once('close', resolve));
    first.destroy();
    await closed;
    for (const other of running.slice(1)) other.destroy();
    await expect.poll(async () => (await request(t.app).get(`/api/replay/positions.csv?${SELECTION}`).set(user.auth)).status).toBe(200);
  });
});
