import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_BYTES } from '../../server/lib/api-router';
import { SECURITY_BODY_BYTES } from '../../server/modules/auth/auth.router';
import { createTestApp, type TestApp } from '../setup/test-app';
import { missionOperator } from './missions-support';
import { expectError } from './support';

/**
 * Posts `bytes` as JSON to `path` and answers the response as soon as it comes. With `declaredBytes` (Content-Length)
 * larger than `bytes`, the rest of the body is never sent: a body refused then was not read, so not parsed. Without,
 * the body goes chunked, whole.
 */
function post(server: http.Server, path: string, auth: Record<string, string>, bytes: Buffer, declaredBytes?: number) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; body: { code?: string } }>((resolve, reject) => {
    const headers = { 'Content-Type': 'application/json', ...(declaredBytes ? { 'Content-Length': declaredBytes } : {}), ...auth };
    const call = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        call.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') });
      });
    });
    call.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    if (declaredBytes) call.write(bytes);
    else call.end(bytes);
  });
}

/** The start of a mission body with a 200,000-vertex area, as the issue sent it (about 8 MB in all). */
function hugeAreaHead(bytes: number) {
  const vertex = '[2.123456789012345,48.12345678901234],';
  return Buffer.from(`{"title":"Huge","areas":{"type":"MultiPolygon","coordinates":[[[${vertex.repeat(Math.ceil(bytes / vertex.length))}`);
}

// Issue 24 L4: a JSON body over its route's budget is refused before it is parsed (docs/security.md "Input").
describe('JSON body budgets', () => {
  let t: TestApp;
  let server: http.Server;
  let operator: Awaited<ReturnType<typeof missionOperator>>;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await missionOperator(t);
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('a body whose Content-Length passes the budget answers 413 before its bytes are sent', async () => {
    const answer = await post(server, '/api/preflights', operator.auth, hugeAreaHead(64 * 1024), 8 * 1024 * 1024);

    expect(answer).toEqual({ status: 413, body: expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }) });
  });

  it('a chunked body (no declared length) answers 413 once past the budget', async () => {
    const answer = await post(server, '/api/preflights', operator.auth, hugeAreaHead(JSON_BODY_BYTES + 64 * 1024));

    expect(answer).toEqual({ status: 413, body: expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }) });
  });

  it('a caller without the right is refused before its body is read', async () => {
    const answer = await post(server, '/api/preflights', {}, hugeAreaHead(64 * 1024), 8 * 1024 * 1024);

    expect(answer.status).toBe(401);
  });

  it('the sign-in forms have a budget of their own', async () => {
    const body = { email: 'someone@example.com', password: 'x'.repeat(SECURITY_BODY_BYTES) };
    expectError(await request(t.app).post('/api/security/login').send(body), 413, 'PAYLOAD_TOO_LARGE');
    expectError(
      await request(t.app)
        .post('/api/security/login')
        .send({ ...body, password: 'short' }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('a body within the budget is read and validated as before', async () => {
    const response = await request(t.app).post('/api/preflights').set(operator.auth).send({ title: '' });

    expectError(response, 422, 'VALIDATION_FAILED');
  });
});
