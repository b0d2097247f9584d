import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';

const POSITIONS = 100_000;
const DAY = new Date('2026-05-10T00:00:00Z');

interface Received {
  chunks: number;
  bytes: number;
  lines: number;
  firstLine: string;
  lastLine: string;
  trackReadsAtFirstPosition: number;
}

describe('CSV extraction of a large selection', () => {
  let t: TestApp;
  let operator: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  /**
   * What the server took from the database for the positions, in order: the size of each answer to a paged query (its
   * rows as JSON), or of each chunk of a COPY stream.
   */
  const trackReads: number[] = [];
  /** The COPY statements the server sent. */
  const copies: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST']);
    other = await signedInUser(t.app, t.db.prisma, ['JOURNEY_LIST']);
    const mission = await t.db.prisma.mission.create({ data: { userId: operator.user.id, title: 'Quarry survey', status: 'archived' } });
    // Two trackers of the operator, one position a second each, over some 14 hours.
    await t.db.pool.query(
      `INSERT INTO "Track" (source, ident, "userId", time, type, lat, lon, "heightM", "missionId")
       SELECT 'wi', 'TRK-' || (g % 2), $1::uuid, ($2::timestamptz AT TIME ZONE 'UTC') + (g / 2) * interval '1 second', 'drone',
              48.7 + g * 1e-7, 2.2, 30 + g % 50, $3::uuid
         FROM generate_series(0, $4::int - 1) g`,
      [operator.user.id, DAY.toISOString(), mission.id, POSITIONS],
    );
    const query = t.db.pool.query.bind(t.db.pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
    vi.spyOn(t.db.pool, 'query').mockImplementation((async (...args: unknown[]) => {
      const result = await query(...args);
      const config = args[0];
      const text = typeof config === 'string' ? config : (config as { text?: string }).text;
      if (text?.includes('FROM "Track"') && result.command === 'SELECT') trackReads.push(JSON.stringify(result.rows).length);
      return result;
    }) as never);
    // A COPY is a stream on a client of its own: each chunk it hands on is recorded, the stream left as it is.
    const clientQuery = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const copy = args[0] as { text?: string; submit?: unknown; push?: (chunk: Buffer | null) => boolean };
      if (typeof copy?.submit === 'function' && copy.text?.startsWith('COPY') && copy.push) {
        copies.push(copy.text);
        const push = copy.push.bind(copy);
        copy.push = (chunk) => {
          if (chunk) trackReads.push(chunk.length);
          return push(chunk);
        };
      }
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  /** Reads the answer as it streams, keeping counts and the first and last lines, never the whole body. */
  function streamed(answer: request.Response, done: (error: Error | null, body: Received) => void) {
    // In Node, superagent hands its parsers the incoming message itself.
    const response = answer as unknown as NodeJS.ReadableStream;
    const received: Received = { chunks: 0, bytes: 0, lines: 0, firstLine: '', lastLine: '', trackReadsAtFirstPosition: -1 };
    let tail = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      received.chunks += 1;
      received.bytes += chunk.length;
      const lines = (tail + chunk).split('\n');
      tail = lines.pop()!;
      for (const line of lines) {
        if (received.lines === 0) received.firstLine = line;
        if (received.lines === 1) received.trackReadsAtFirstPosition = trackReads.length;
        received.lastLine = line;
        received.lines += 1;
      }
    });
    response.on('end', () => done(null, received));
  }

  it('streams every position of the selection while reading the database a part at a time', async () => {
    trackReads.length = 0;
    copies.length = 0;
    const period = { from: DAY.toISOString(), to: new Date(DAY.getTime() + 24 * 3_600_000).toISOString() };

    const response = await request(t.app).get('/api/replay/positions.csv').query(period).set(operator.auth).buffer(true).parse(streamed);

    expect(response.status).toBe(200);
    const received = response.body as Received;
    expect(received.lines).toBe(POSITIONS + 1);
    expect(received.firstLine.startsWith('time,')).toBe(true);
    expect(received.lastLine.startsWith('2026-05-10T13:53:19.000Z,wi,TRK-1,')).toBe(true);
    // Bounded memory: the positions come in many reads, none holding more than a fifth of the extraction.
    expect(trackReads.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...trackReads)).toBeLessThanOrEqual(received.bytes / 5);
    // Streamed: the client has the first position before the server has read the last page.
    expect(received.chunks).toBeGreaterThan(1);
    expect(received.trackReadsAtFirstPosition).toBeLessThan(trackReads.length);
    // PostgreSQL writes it with COPY; PGlite's single connection is read page by page, free between pages.
    expect(copies).toHaveLength(t.db.kind === 'postgres' ? 1 : 0);
  });

  it('ends the reading when the client leaves mid-download, and answers every request after it', async () => {
    const period = { from: DAY.toISOString(), to: new Date(DAY.getTime() + 24 * 3_600_000).toISOString() };
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/replay/positions.csv?${new URLSearchParams(period)}`;
    // More downloads than the pool spares for COPY, each left after its first chunk.
    const left = 8;
    try {
      for (let i = 0; i < left; i++) {
        // On PostgreSQL the COPY's connection is closed when the client leaves, not handed back mid-COPY.
        const closed = t.db.kind === 'postgres' ? once(t.db.pool, 'remove') : Promise.resolve();
        const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
          http.get(url, { headers: operator.auth }, resolve).once('error', reject),
        );
        expect(response.statusCode).toBe(200);
        await once(response, 'data');
        response.destroy();
        await closed;
      }
      copies.length = 0;
      trackReads.length = 0;

      const full = await request(t.app).get('/api/replay/positions.csv').query(period).set(operator.auth).buffer(true).parse(streamed);
      const page = await request(t.app).get('/api/replay/positions').query(period).set(operator.auth);

      expect((full.body as Received).lines).toBe(POSITIONS + 1);
      expect(page.status).toBe(200);
      // Every connection is back: the download is still written by COPY where there is one to spare.
      expect(copies).toHaveLength(t.db.kind === 'postgres' ? 1 : 0);
      expect(t.db.pool.waitingCount).toBe(0);
    } finally {
      server.close();
    }
  });

  it("never extracts another operator's positions: 403 before any position is read", async () => {
    trackReads.length = 0;
    copies.length = 0;
    const period = { from: DAY.toISOString(), to: new Date(DAY.getTime() + 24 * 3_600_000).toISOString(), userId: operator.user.id };

    const response = await request(t.app).get('/api/replay/positions.csv').query(period).set(other.auth);

    expect({ status: response.status, code: response.body?.code }).toEqual({ status: 403, code: 'NOT_ALLOWED' });
    expect(trackReads).toEqual([]);
    expect(copies).toEqual([]);
  });
});
