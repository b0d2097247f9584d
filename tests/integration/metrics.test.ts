import { randomBytes } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRouter } from '../../server/lib/metrics';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';
import { CLOCK_START } from './support';

const TOKEN = 'metrics-token-for-the-tests-0123';

/** The value of one sample of the exposition, 0 when the series has none yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{([^}]*)\}/)?.[1] ?? '';
    if (wanted.every((label) => labelText.split(',').includes(label))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('GET /metrics behind METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const response = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    return response.text;
  };

  beforeAll(async () => {
    t = await createTestApp(
      { METRICS_TOKEN: TOKEN },
      {
        jobs: [
          { name: 'metrics-ok', cron: '0 * * * *', run: async () => undefined },
          {
            name: 'metrics-broken',
            cron: '0 * * * *',
            run: async () => {
              throw new Error('broken on purpose');
            },
          },
        ],
      },
    );
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token or with another one', async () => {
    expect((await request(t.app).get('/metrics')).status).toBe(401);
    expect((await request(t.app).get('/metrics').set('Authorization', 'Bearer not-the-token')).status).toBe(401);
  });

  it('exposes every listed series in the Prometheus text format', async () => {
    const response = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'aerogate_http_request_duration_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'aerogate_db_pool_connections',
      'aerogate_db_pool_waiting',
      'aerogate_db_pool_wait_seconds',
      'aerogate_live_stream_clients',
      'aerogate_positions_ingested_total',
      'aerogate_bus_messages_total',
      'aerogate_conformance_episodes_opened_total',
      'aerogate_job_runs_total',
      'aerogate_external_calls_total',
      'aerogate_circuit_breaker_state',
    ])
      expect(response.text).toContain(`# TYPE ${name} `);
  });

  it('counts requests by route template and status, and the waits for a pool connection', async () => {
    const before = await scrape();
    const missionId = randomBytes(16).toString('hex');
    expect((await request(t.app).get('/api/health')).status).toBe(200);
    expect((await request(t.app).get(`/api/preflights/${missionId}`)).status).toBe(401);
    const after = await scrape();
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(sample(after, 'aerogate_http_request_duration_seconds_count', health)).toBe(
      sample(before, 'aerogate_http_request_duration_seconds_count', health) + 1,
    );
    expect(sample(after, 'aerogate_http_request_duration_seconds_count', { route: '/api/preflights/:id', status: '401' })).toBe(1);
    expect(after).not.toContain(missionId);
    expect(sample(after, 'aerogate_db_pool_wait_seconds_count')).toBeGreaterThan(sample(before, 'aerogate_db_pool_wait_seconds_count'));
  });

  it('counts an ingested position and its bus message', async () => {
    const apiKey = randomBytes(24).toString('hex');
    const owner = await createUser(t.db.prisma, { rights: ['TRAFFIC_LIST'], apiKey });
    const ident = `TRK-${randomBytes(3).toString('hex')}`;
    await t.db.prisma.tracker.create({ data: { ident, relatedUserId: owner.id, vehicle: 'drone', source: 'wi' } });
    t.clock.set(new Date(CLOCK_START.getTime() + 60_000));
    const before = await scrape();
    const position = {
      ident,
      lat: 48.71,
      lon: 2.16,
      alt: 42,
      spd: 6.5,
      heading: 90,
      time: CLOCK_START.toISOString(),
      type: 'drone',
      source: 'wi',
    };
    const response = await request(t.app)
      .post('/api/traffics/')
      .set('X-Api-Key', apiKey)
      .send({ positions: [position] });
    expect(response.body).toMatchObject({ accepted: 1 });
    await expect
      .poll(async () => {
        const after = await scrape();
        return [
          sample(after, 'aerogate_positions_ingested_total') - sample(before, 'aerogate_positions_ingested_total'),
          sample(after, 'aerogate_bus_messages_total', { event: 'published' }) >
            sample(before, 'aerogate_bus_messages_total', { event: 'published' }),
        ];
      })
      .toEqual([1, true]);
  });

  it('counts job runs by outcome, and calls to outside services by integration and outcome', async () => {
    await t.ctx.jobs.runNow('metrics-ok');
    await expect(t.ctx.jobs.runNow('metrics-broken')).rejects.toThrow('broken on purpose');
    await t.ctx.outbox.record({ channel: 'email', recipient: 'b@example.org', text: 'not sent', status: 'failed', error: 'SMTP down' });
    await t.ctx.outbox.record({ channel: 'email', recipient: 'a@example.org', text: 'only recorded', status: 'recorded' });
    await t.ctx.callPolicies.sms.execute(() => Promise.reject(new Error('gateway down'))).catch(() => undefined);
    const text = await scrape();
    expect(sample(text, 'aerogate_job_runs_total', { job: 'metrics-ok', outcome: 'success' })).toBe(1);
    expect(sample(text, 'aerogate_job_runs_total', { job: 'metrics-broken', outcome: 'failure' })).toBe(1);
    expect(sample(text, 'aerogate_external_calls_total', { integration: 'sms', outcome: 'failure' })).toBe(1);
    expect(sample(text, 'aerogate_external_calls_total', { integration: 'email', outcome: 'failure' })).toBe(1);
    expect(sample(text, 'aerogate_external_calls_total', { integration: 'email', outcome: 'success' })).toBe(0);
    expect(sample(text, 'aerogate_circuit_breaker_state', { integration: 'sms', state: 'closed' })).toBe(1);
  });
});

describe('GET /metrics with METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: '9464' });
  });
  afterAll(() => t.close());

  it('is not served on the API port, and is served open on its own', async () => {
    expect((await request(t.app).get('/metrics')).status).toBe(404);
    const own = await request(express().use(metricsRouter(t.ctx.metrics, undefined))).get('/metrics');
    expect(own.status).toBe(200);
    expect(own.text).toContain('# TYPE aerogate_http_request_duration_seconds histogram');
  });
});
