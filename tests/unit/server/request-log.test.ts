import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { requestLog } from '../../../server/middleware/request-log';

function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ level }, sink)));
  app.get('/api/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/api/thing', (req, res) => {
    res.status(req.query.fail ? 500 : 200).json({ id: req.id });
  });
  return { app, lines };
}

describe('requestLog', () => {
  it('gives each request an id, the client’s when it is a safe token', async () => {
    const { app } = appLogging('warn');
    const kept = await request(app).get('/api/thing').set('x-request-id', 'trace-1');
    expect(kept.headers['x-request-id']).toBe('trace-1');
    expect(kept.body).toEqual({ id: 'trace-1' });
    const replaced = await request(app).get('/api/thing').set('x-request-id', 'no spaces <allowed>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('at info, writes one line per answer with its status and time, at error for a 5xx, none for health', async () => {
    const { app, lines } = appLogging('info');
    await request(app).get('/api/health');
    await request(app).get('/api/thing?x=1').set('authorization', 'Bearer secret-token').set('x-request-id', 'a1');
    await request(app).get('/api/thing?fail=1').set('x-request-id', 'a2');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        reqId: 'a1',
        req: { method: 'GET', url: '/api/thing?x=1' },
        res: { statusCode: 200 },
      }),
      expect.objectContaining({ level: 50, msg: 'request errored', reqId: 'a2', res: { statusCode: 500 } }),
    ]);
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('writes nothing above info', async () => {
    const { app, lines } = appLogging('warn');
    await request(app).get('/api/thing?fail=1');
    expect(lines).toEqual([]);
  });
});
