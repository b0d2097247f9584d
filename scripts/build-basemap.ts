import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';

// Builds the glyphs of the offline basemap shipped in public/basemap/glyphs (docs/map.md "Basemap") from packages of the
// npm registry. Run it again only to change what is shipped: its output is committed. The basemap's data is cut into
// vector tiles at each build (scripts/basemap-tiles.ts).
const require = createRequire(import.meta.url);
const OUT = path.resolve('public/basemap');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Glyphs: MapLibre's protobuf format (glyphs.proto), signed distance fields drawn by @mapbox/tiny-sdf in Chromium with
// the same parameters MapLibre uses for local fonts (24 px, buffer 3, radius 8), so labels need no glyph server.
const FONT = 'Noto Sans Regular';
const RANGES = [0, 256, 8192];

function varint(value: number, out: number[]) {
  let rest = value >>> 0;
  while (rest > 0x7f) {
    out.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  out.push(rest);
}
const zigzag = (value: number) => (value << 1) ^ (value >> 31);
function field(tag: number, wireType: number, out: number[]) {
  varint((tag << 3) | wireType, out);
}
function bytes(tag: number, content: ArrayLike<number>, out: number[]) {
  field(tag, 2, out);
  varint(content.length, out);
  for (let i = 0; i < content.length; i++) out.push(content[i]);
}
function uint(tag: number, value: number, out: number[]) {
  field(tag, 0, out);
  varint(value, out);
}

interface Glyph {
  id: number;
  data: number[];
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

function encodeGlyphs(range: string, glyphs: Glyph[]): Buffer {
  const stack: number[] = [];
  bytes(1, Buffer.from(FONT), stack);
  bytes(2, Buffer.from(range), stack);
  for (const glyph of glyphs) {
    const message: number[] = [];
    uint(1, glyph.id, message);
    if (glyph.width > 0 && glyph.height > 0) bytes(2, glyph.data, message);
    uint(3, glyph.width, message);
    uint(4, glyph.height, message);
    uint(5, zigzag(glyph.left), message);
    uint(6, zigzag(glyph.top), message);
    uint(7, glyph.advance, message);
    bytes(3, message, stack);
  }
  const root: number[] = [];
  bytes(1, stack, root);
  return Buffer.from(root);
}

async function buildGlyphs() {
  const fonts = ['latin', 'latin-ext'].map((subset) =>
    readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-400-normal.woff2`)).toString('base64'),
  );
  const tinySdf = readFileSync(require.resolve('@mapbox/tiny-sdf'), 'utf8').replace('export default class', 'window.TinySDF = class');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: tinySdf });
    const ranges = await page.evaluate(
      async ({ fonts, starts }) => {
        for (const font of fonts) {
          const face = new FontFace('Basemap Noto Sans', `url(data:font/woff2;base64,${font})`);
          document.fonts.add(await face.load());
        }
        type Sdf = { draw(char: string): Record<string, number> & { data: Uint8ClampedArray } };
        const TinySDF = (window as unknown as { TinySDF: new (options: object) => Sdf }).TinySDF;
        const sdf = new TinySDF({ fontSize: 24, buffer: 3, radius: 8, cutoff: 0.25, fontFamily: 'Basemap Noto Sans' });
        return starts.map((start) => {
          const glyphs = [];
          for (let id = start; id < start + 256; id++) {
            const char = String.fromCharCode(id);
            if (id < 32 || (id >= 127 && id < 160) || !document.fonts.check('24px "Basemap Noto Sans"', char)) continue;
            const drawn = sdf.draw(char);
            // The offset MapLibre applies to its own locally drawn glyphs (glyph_manager), to sit on the same baseline.
            glyphs.push({
              id,
              data: Array.from(drawn.data),
              width: drawn.glyphWidth,
              height: drawn.glyphHeight,
              left: drawn.glyphLeft,
              top: drawn.glyphTop - 27,
              advance: Math.round(drawn.glyphAdvance),
            });
          }
          return glyphs;
        });
      },
      { fonts, starts: RANGES },
    );
    const dir = path.join(OUT, 'glyphs', FONT);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    RANGES.forEach((start, i) => {
      const range = `${start}-${start + 255}`;
      const pbf = encodeGlyphs(range, ranges[i]);
      writeFileSync(path.join(dir, `${range}.pbf`), pbf);
      console.log(`glyphs/${FONT}/${range}.pbf: ${ranges[i].length} glyphs, ${(pbf.length / 1000).toFixed(0)} kB`);
    });
  } finally {
    await browser.close();
  }
}

await buildGlyphs();
