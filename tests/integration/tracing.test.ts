import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_ATTRIBUTE } from '../../server/lib/tracing';
import { pgliteTemplateDump } from '../setup/pglite-template';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string } }[];
}
interface OtlpExport {
  resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

/** A local OTLP/HTTP receiver (JSON encoding, the exporter's): keeps each span with its instrumentation scope. */
async function otlpReceiver() {
  const spans: (OtlpSpan & { scope: string })[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const received = JSON.parse(body) as OtlpExport;
        for (const resource of received.resourceSpans)
          for (const scoped of resource.scopeSpans) for (const span of scoped.spans) spans.push({ ...span, scope: scoped.scope.name });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => new Promise((r) => server.close(r)) };
}

/** The server's log line of the request `reqId`, once written. */
const logLine = (lines: string[], reqId: string) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.reqId === reqId);

const attribute = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value.stringValue;

/**
 * A data directory for the embedded server, started from the migrated template as the e2e servers are: the first
 * server seeds it, the second finds it seeded.
 */
async function embeddedDataDir() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aerogate-tracing-'));
  const template = new Blob([await readFile(await pgliteTemplateDump())]);
  await (await PGlite.create({ dataDir: `${dataDir}/pglite`, loadDataDir: template })).close();
  return dataDir;
}

/**
 * The real server (`tsx server/index.ts`, as `npm start` and the Dockerfile run it): on the test's PostgreSQL database,
 * or embedded in `dataDir` when the tests run on PGlite (whose socket takes one connection).
 */
async function startServer(db: TestDatabase, dataDir: string, env: Record<string, string>) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...(db.kind === 'postgres' ? { DATABASE_URL: db.url } : {}),
      DATA_DIR: dataDir,
      JWT_SECRET: 'tracing-test-secret-tracing-test-secret-0123',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop()!;
    lines.push(...complete);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (lines.some((line) => line.includes('Aerogate listening'))) {
        clearInterval(check);
        resolve();
      }
      if (child.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`the server exited: ${lines.join('\n')}`));
      }
    }, 100);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    lines,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('OpenTelemetry tracing', () => {
  let db: TestDatabase;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    receiver = await otlpReceiver();
    dataDir = db.kind === 'postgres' ? mkdtempSync(path.join(tmpdir(), 'aerogate-tracing-')) : await embeddedDataDir();
  });
  afterAll(async () => {
    await receiver.close();
    await db.close();
  });

  it(
    'with OTEL_EXPORTER_OTLP_ENDPOINT: the request id on the server span, Express and pg spans in its trace, its trace id in the log line',
    { timeout: 300_000 },
    async () => {
      const server = await startServer(db, dataDir, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' });
      try {
        const response = await fetch(`${server.base}/api/health/ready`, { headers: { 'x-request-id': 'trace-me-0001' } });
        expect(response.status).toBe(200);

        await expect
          .poll(() => receiver.spans.some((span) => attribute(span, REQUEST_ID_ATTRIBUTE) === 'trace-me-0001'), { timeout: 30_000 })
          .toBe(true);
        const root = receiver.spans.find((span) => attribute(span, REQUEST_ID_ATTRIBUTE) === 'trace-me-0001')!;
        expect(root.scope).toBe('@opentelemetry/instrumentation-http');
        await expect
          .poll(() => new Set(receiver.spans.filter((span) => span.traceId === root.traceId).map((span) => span.scope)), {
            timeout: 30_000,
          })
          .toEqual(
            new Set(['@opentelemetry/instrumentation-http', '@opentelemetry/instrumentation-express', '@opentelemetry/instrumentation-pg']),
          );
        await expect.poll(() => logLine(server.lines, 'trace-me-0001')).toMatchObject({ msg: 'request completed', trace_id: root.traceId });
      } finally {
        await server.stop();
      }
    },
  );

  it(
    'without the variable: no span is sent, and the tracing module is imported by nothing but that condition',
    { timeout: 300_000 },
    async () => {
      const before = receiver.spans.length;
      const server = await startServer(db, dataDir, { OTEL_EXPORTER_OTLP_ENDPOINT: '' });
      try {
        const response = await fetch(`${server.base}/api/status`, { headers: { 'x-request-id': 'untraced-0001' } });
        expect(response.status).toBe(200);
        await expect.poll(() => logLine(server.lines, 'untraced-0001')).toMatchObject({ msg: 'request completed' });
        expect(logLine(server.lines, 'untraced-0001')).not.toHaveProperty('trace_id');
      } finally {
        await server.stop();
      }
      expect(receiver.spans.filter((span) => attribute(span, REQUEST_ID_ATTRIBUTE) === 'untraced-0001')).toEqual([]);
      expect(receiver.spans.length).toBe(before);

      // Every server module that names OpenTelemetry or the tracing module: only these two, the latter behind the variable.
      const sources = (readdirSync('server', { recursive: true }) as string[]).filter(
        (file) => file.endsWith('.ts') && !file.startsWith('generated'),
      );
      const naming = sources.filter((file) => /@opentelemetry|lib\/tracing/.test(readFileSync(path.join('server', file), 'utf8')));
      expect(naming.sort()).toEqual(['index.ts', path.join('lib', 'tracing.ts')]);
      expect(readFileSync('server/index.ts', 'utf8')).toContain(
        "process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? (await import('./lib/tracing')).startTracing() : undefined",
      );
    },
  );
});
