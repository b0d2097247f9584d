import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';

const CAPTURE = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'sbs1-capture.txt'), 'utf8');

/** Polls until `check` passes or `timeoutMs` runs out (the connector works on its own timers). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A local receiver replaying a real port-30003 capture to each connection, in small chunks (lines split across
 * packets, like TCP delivers them).
 */
describe('ADS-B SBS-1 connector', () => {
  let receiver: Server;
  let t: TestApp;
  const connections: Socket[] = [];

  beforeAll(async () => {
    receiver = createServer((socket) => {
      connections.push(socket);
      for (let i = 0; i < CAPTURE.length; i += 37) socket.write(CAPTURE.slice(i, i + 37).replace(/\n/g, '\r\n'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    t = await createTestApp({
      ADSB_SBS_URL: `tcp://127.0.0.1:${port}`,
      ADSB_STATION_NAME: 'Saclay roof',
      ADSB_STATION_LAT: '48.711',
      ADSB_STATION_LON: '2.161',
    });
  });
  afterAll(async () => {
    await t.close();
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const tracks = (source: 'ab' | 'st') => t.db.prisma.track.findMany({ where: { source }, orderBy: { ident: 'asc' } });
  const health = async () => (await request(t.app).get('/api/health')).body;

  it('stores each airborne position with what the same aircraft said before, in metres and m/s, and the station', async () => {
    const stored = await eventually(
      () => tracks('ab'),
      (rows) => rows.length >= 3,
    );

    expect(stored.map((row) => row.ident)).toEqual(['4CA2D6', '89639D', 'A22123']);
    const merged = stored.find((row) => row.ident === 'A22123')!;
    expect(merged).toMatchObject({
      type: 'plane',
      lat: 40.14684,
      lon: -83.17065,
      heightM: 2522.2,
      speedMs: 60.19,
      heading: 240,
      stationName: 'Saclay roof',
      stationLatitude: 48.711,
      stationLongitude: 2.161,
      userId: null,
      missionId: null,
      callsign: 'AAL433',
      squawk: null,
      onGround: false,
    });
    expect(stored.find((row) => row.ident === '89639D')).toMatchObject({
      heightM: 12192,
      speedMs: null,
      heading: null,
      callsign: null,
      onGround: false,
    });
    expect(
      await eventually(
        () => tracks('st'),
        (rows) => rows.length > 0,
      ),
    ).toEqual([expect.objectContaining({ ident: 'Saclay-roof', type: 'station', lat: 48.711, lon: 2.161 })]);
  });

  it('shows its state in /api/health, and reconnects by itself when the receiver drops it', async () => {
    const connected = await eventually(health, (body) => body.adsb?.messages === 14 && body.adsb.positions === 3);
    expect(connected).toEqual({
      status: 'ok',
      adsb: expect.objectContaining({
        state: 'connected',
        messages: 14,
        positions: 3,
        reconnects: 0,
        aircraft: 12,
        identified: 3,
        lastMessageAt: t.clock.now().toISOString(),
      }),
    });

    connections[0]!.destroy();
    const dropped = await eventually(health, (body) => body.adsb?.reconnects === 1);
    expect(dropped.adsb.reconnects).toBe(1);
    const back = await eventually(health, (body) => body.adsb?.state === 'connected' && body.adsb.messages === 28);
    expect(back.adsb).toMatchObject({ state: 'connected', messages: 28 });
    expect(connections).toHaveLength(2);
  });
});
