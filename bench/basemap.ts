import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { chromium } from 'playwright-core';
import { offlineStyle } from '../src/components/map/default-style';

// The offline basemap's first paint (docs/performance.md, "Offline basemap"): a map of the built app's offline style
// (`npx vite build` first: its tiles are in dist/basemap/tiles) opened in Chromium at Rennes and at Saclay, timed from the
// map's creation to its first `idle` (every tile in view loaded and drawn, labels placed), with the bytes it
// downloaded (as the server sent them, compressed where it compresses). Beside it in the same run, the same map on the
// GeoJSON basemap it replaced (the five files of public/basemap at commit BEFORE, read from git, fetched and parsed
// whole by every map load), with the same layers but the water, which that basemap did not have.
const BEFORE = '3d304c0';
const OLD_FILES = ['land', 'borders', 'roads', 'rail', 'towns'];
const DIST = path.resolve(process.env.BENCH_DIST ?? 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PLACES = [
  { name: 'Saclay (Palaiseau)', center: [2.2498, 48.7183], zoom: 14 },
  { name: 'Rennes', center: [-1.68, 48.11], zoom: 14 },
] as const;

if (!existsSync(path.join(DIST, 'basemap/tiles'))) {
  console.error(`No basemap tiles in ${DIST}: run \`npx vite build\` first.`);
  process.exit(1);
}

/** The offline style with its two tilesets swapped for the old GeoJSON files, one source per old file. */
function geoJsonStyle(origin: string): StyleSpecification {
  const style = offlineStyle(origin);
  const sources: Record<string, SourceSpecification> = Object.fromEntries(
    OLD_FILES.map((name) => [name, { type: 'geojson', data: `${origin}/old-basemap/${name}.json` }]),
  );
  const layers = style.layers.flatMap((layer): LayerSpecification[] => {
    if (!('source-layer' in layer) || !layer['source-layer']) return [layer];
    const { 'source-layer': sourceLayer, ...rest } = layer;
    return OLD_FILES.includes(sourceLayer) ? [{ ...rest, source: sourceLayer } as LayerSpecification] : [];
  });
  return { ...style, sources, layers };
}

// The basemap's bytes as the server sent them (headers and compressed bodies), counted on the sockets: MapLibre's worker
// fetches the tiles, out of the page's own network events. Not maplibre's scripts, which both maps load alike.
let basemapBytes = 0;
let basemapRequests = 0;
const app = express();
app.use((req, res, next) => {
  if (!/^\/(old-)?basemap\//.test(req.path)) return next();
  const before = req.socket.bytesWritten;
  basemapRequests++;
  res.on('finish', () => {
    basemapBytes += req.socket.bytesWritten - before;
  });
  next();
});
app.use(compression());
app.use('/maplibre', express.static(path.resolve('node_modules/maplibre-gl/dist')));
for (const name of OLD_FILES) {
  const text = execFileSync('git', ['show', `${BEFORE}:public/basemap/${name}.json`], { maxBuffer: 64 * 1024 * 1024 });
  app.get(`/old-basemap/${name}.json`, (_req, res) => {
    res.type('application/json').send(text);
  });
}
app.get('/harness', (_req, res) => {
  res.type('html').send(`<!doctype html><html><head><link rel="stylesheet" href="/maplibre/maplibre-gl.css"></head>
<body style="margin:0"><div id="map" style="width:1024px;height:768px"></div><script type="module">
import * as maplibregl from '/maplibre/maplibre-gl.mjs';
maplibregl.setWorkerUrl('/maplibre/maplibre-gl-worker.mjs');
window.openMap = (style, center, zoom) => new Promise((resolve, reject) => {
  const start = performance.now();
  const map = new maplibregl.Map({ container: 'map', style, center, zoom, attributionControl: false });
  map.once('idle', () => resolve(performance.now() - start));
  map.once('error', (event) => reject(new Error(event.error?.message)));
});
</script></body></html>`);
});
app.use(express.static(DIST, { index: false }));
app.get(/^\/basemap\/tiles\//, (_req, res) => {
  res.status(204).end();
});
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const styles = { 'vector tiles (now)': offlineStyle(origin), [`GeoJSON (before, ${BEFORE})`]: geoJsonStyle(origin) };

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader'],
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  /** One cold map load (a new context: nothing cached): first idle in ms, and the basemap's bytes transferred. */
  const load = async (style: StyleSpecification, center: readonly number[], zoom: number) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/harness`);
    await page.waitForFunction(() => 'openMap' in window);
    basemapBytes = 0;
    basemapRequests = 0;
    // The style goes as JSON text: its type is too deep for page.evaluate's argument checks.
    const ms = await page.evaluate(
      ({ json, center, zoom }) =>
        (window as unknown as { openMap: (...args: unknown[]) => Promise<number> }).openMap(JSON.parse(json), center, zoom),
      { json: JSON.stringify(style), center: [...center], zoom },
    );
    await context.close();
    return { ms, bytes: basemapBytes, requests: basemapRequests };
  };

  console.log(`offline basemap, first paint (map created → first idle), median of ${RUNS} cold loads, 1024×768, zoom 14:`);
  for (const place of PLACES) {
    for (const [name, style] of Object.entries(styles)) {
      await load(style, place.center, place.zoom);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await load(style, place.center, place.zoom));
      const times = runs.map((run) => run.ms);
      console.log(
        `${place.name.padEnd(19)} ${name.padEnd(28)} ${median(times).toFixed(0).padStart(6)} ms (${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)}), ` +
          `${(median(runs.map((run) => run.bytes)) / 1000).toFixed(1)} kB in ${median(runs.map((run) => run.requests))} requests`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}
