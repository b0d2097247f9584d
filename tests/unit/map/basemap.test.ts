// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBasemap } from '../../../src/components/map/default-style';

const ONLINE_STYLE = { version: 8, sources: {}, layers: [{ id: 'water', type: 'background', paint: {} }] };
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/style.json') res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(ONLINE_STYLE));
    else if (req.url === '/not-a-style.json') res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"hello":1}');
    else if (req.url === '/slow.json') setTimeout(() => res.writeHead(200).end(JSON.stringify(ONLINE_STYLE)), 1500);
    else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('resolveBasemap', () => {
  it('uses the online style when it answers in time', async () => {
    const { kind, style } = await resolveBasemap(`${base}/style.json`, 1000);
    expect(kind).toBe('online');
    expect(style.layers.map((layer) => layer.id)).toEqual(['water']);
  });

  it.each([
    ['too slow', '/slow.json'],
    ['an error', '/missing.json'],
    ['not a MapLibre style', '/not-a-style.json'],
  ])('falls back to the shipped basemap when the online style is %s', async (_why, path) => {
    const { kind, style } = await resolveBasemap(`${base}${path}`, 300);
    expect(kind).toBe('offline');
    expect(style.glyphs).toMatch(/\/basemap\/glyphs\/\{fontstack\}\/\{range\}\.pbf$/);
    expect(style.layers.map((layer) => layer.id)).toEqual(
      expect.arrayContaining(['basemap-land', 'basemap-borders', 'basemap-roads', 'basemap-rail', 'basemap-towns-1']),
    );
  });

  it("skips the attempt for 'offline'", async () => {
    expect((await resolveBasemap('offline')).kind).toBe('offline');
  });
});
