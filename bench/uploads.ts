import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import multer from 'multer';
import { diskUpload } from '../server/lib/uploads';
import { benchTrackImports } from './track-imports';

// The memory an upload costs the server (docs/security.md "Uploads"): PARALLEL clients each send a FILE_MB file to
// an Express app reading it the way the API does (server/lib/uploads.ts, streamed to disk) and, as the baseline in the
// same run, the way it did before (multer's memory storage). Each reader serves from its own child process, apart
// from the clients. Prints the growth of the server's resident set, asserts nothing. Then track files imported while
// the API answers its health checks (bench/track-imports.ts).
const PARALLEL = Number(process.env.BENCH_UPLOADS ?? 40);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 10);
const reader = process.argv[2];

/** The server side, in a child process: reads uploads with `kind`, answers its peak resident-set growth on GET /peak. */
async function serve(kind: 'disk' | 'memory') {
  const dir = mkdtempSync(path.join(tmpdir(), 'aerogate-bench-uploads-'));
  const fileSize = (FILE_MB + 1) * 1024 * 1024;
  const read =
    kind === 'disk'
      ? diskUpload(dir, { maxBytes: fileSize, fields: 5 })
      : multer({ storage: multer.memoryStorage(), limits: { fileSize, files: 1 } }).single('file');
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5).unref();
  const app = express();
  app.post('/upload', (req, res) => read(req, res, (error?: unknown) => res.status(error ? 400 : 201).json({ size: req.file?.size ?? 0 })));
  app.get('/peak', (_req, res) => {
    res.json({ growthMB: Math.round((peak - before) / 1048576) });
    rmSync(dir, { recursive: true, force: true });
    setImmediate(() => process.exit(0));
  });
  const server = app.listen(0, '127.0.0.1', () => console.log(String((server.address() as AddressInfo).port)));
}

/** The client side: PARALLEL uploads to a child process serving `kind`, then its figures. */
async function measure(kind: 'disk' | 'memory') {
  const child = spawn(process.execPath, [...process.execArgv, '--expose-gc', process.argv[1]!, kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim())));
  const file = new Blob([Buffer.alloc(FILE_MB * 1024 * 1024, 0x25)]);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const form = new FormData();
      form.append('file', file, 'file.pdf');
      return (await fetch(`http://127.0.0.1:${port}/upload`, { method: 'POST', body: form })).status;
    }),
  );
  const ms = performance.now() - started;
  const { growthMB } = (await (await fetch(`http://127.0.0.1:${port}/peak`)).json()) as { growthMB: number };
  return { growthMB, ms: Math.round(ms), ok: statuses.every((status) => status === 201) };
}

if (reader === 'disk' || reader === 'memory') {
  await serve(reader);
} else {
  console.log(`${PARALLEL} parallel uploads of ${FILE_MB} MB`);
  console.log('reader                         server RSS growth   time     all stored');
  for (const kind of ['memory', 'disk'] as const) {
    const figures = await measure(kind);
    const label = kind === 'memory' ? 'memory storage (before)' : 'streamed to disk (now)';
    console.log(`${label.padEnd(30)} ${`${figures.growthMB} MB`.padStart(17)} ${`${figures.ms} ms`.padStart(8)}   ${figures.ok}`);
  }
  await benchTrackImports();
}
