import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { precompressedAssets } from '../../../server/lib/precompressed';

const SCRIPT = 'export const answer = 42;\n'.repeat(200);

describe('precompressed assets', () => {
  let app: express.Express;

  beforeAll(() => {
    const dir = mkdtempSync(path.join(tmpdir(), 'assets-'));
    writeFileSync(path.join(dir, 'app.js'), SCRIPT);
    writeFileSync(path.join(dir, 'app.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dir, 'app.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(dir, 'plain.js'), SCRIPT);
    app = express();
    app.use(compression());
    app.use('/assets', precompressedAssets(dir, { maxAge: '1h' }));
    app.use('/assets', express.static(dir));
  });

  it("sends the build's brotli copy to a browser that accepts brotli, with the script's type", async () => {
    const response = await request(app).get('/assets/app.js').set('Accept-Encoding', 'gzip, deflate, br, zstd');

    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.text).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, or refused with q=0', async () => {
    const gzipOnly = await request(app).get('/assets/app.js').set('Accept-Encoding', 'gzip');
    const brotliRefused = await request(app).get('/assets/app.js').set('Accept-Encoding', 'br;q=0, gzip');

    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(brotliRefused.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.text).toBe(SCRIPT);
  });

  it('leaves a file without copies, and a browser accepting no encoding, to the static files', async () => {
    const noCopies = await request(app).get('/assets/plain.js').set('Accept-Encoding', 'identity');
    const identity = await request(app).get('/assets/app.js').set('Accept-Encoding', 'identity');

    expect(noCopies.headers['content-encoding']).toBeUndefined();
    expect(noCopies.text).toBe(SCRIPT);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(SCRIPT);
  });

  it('does not serve a path outside the assets folder', async () => {
    const response = await request(app).get('/assets/..%2Fpasswd').set('Accept-Encoding', 'br');

    expect(response.status).toBe(404);
  });
});
