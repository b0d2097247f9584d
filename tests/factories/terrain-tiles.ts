import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/** A 256 × 256 Terrain-RGB tile whose ground is `elevationAt(px, py)` metres AMSL, to 0.1 m. */
export function terrainRgbTile(elevationAt: (px: number, py: number) => number): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let py = 0; py < 256; py += 1) {
    for (let px = 0; px < 256; px += 1) {
      const code = Math.round((elevationAt(px, py) + 10_000) * 10);
      const offset = (py * 256 + px) * 4;
      png.data[offset] = Math.floor(code / 65_536);
      png.data[offset + 1] = Math.floor(code / 256) % 256;
      png.data[offset + 2] = code % 256;
      png.data[offset + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A local tile server answering `/{z}/{x}/{y}.png` from `tiles` (404 otherwise), recording the paths asked. */
export async function serveTiles(
  tiles: Readonly<Record<string, Buffer>>,
): Promise<{ urlTemplate: string; requested: string[]; close(): Promise<void> }> {
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    requested.push(path);
    const tile = tiles[path];
    if (tile) response.writeHead(200, { 'content-type': 'image/png' }).end(tile);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
