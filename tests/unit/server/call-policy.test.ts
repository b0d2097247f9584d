import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRecording, createHttpTafSource } from '../../../server/integrations/weather/taf-source';
import { AppError } from '../../../server/lib/app-error';
import { createCallPolicy, failureReason, isCircuitOpen, type CallPolicySettings } from '../../../server/lib/call-policy';
import { createLogger } from '../../../server/lib/logger';
import { createMetrics } from '../../../server/lib/metrics';
import { TestClock } from '../../setup/test-app';

const logger = createLogger('silent');
// A real TAF (data-seed/weather/recorded-taf.json), as a weather service answers it.
const station = readRecording()[0]!;
const SETTINGS: CallPolicySettings = { attempts: 3, backoffMs: 1, timeoutMs: 2000, breakAfter: 3, halfOpenAfterMs: 30_000 };

let server: Server | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/**
 * A weather service on loopback answering each request with the next status of `statuses` (then 200 and the TAF);
 * from the request `hold.from` on (counted from 1), only once `hold.until` is resolved.
 */
async function weatherService(statuses: number[], hold?: { from: number; until: Promise<void> }) {
  const requests: string[] = [];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(req.url ?? '');
    const status = statuses.shift() ?? 200;
    const answered = hold && requests.length >= hold.from ? hold.until : Promise.resolve();
    void answered.then(() => res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? station.taf : 'down'));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { urlTemplate: `http://127.0.0.1:${(server.address() as AddressInfo).port}/taf?ids={icao}`, requests };
}

/** The TAF source of the app on a policy of `settings`, its calls and breaker in a metrics registry of its own. */
function tafThroughPolicy(urlTemplate: string, settings = SETTINGS) {
  const metrics = createMetrics({ enabled: true });
  const policy = createCallPolicy('taf', { settings, logger, onCall: (outcome) => metrics.externalCall('taf', outcome) });
  metrics.watchBreaker(policy);
  const source = createHttpTafSource({ urlTemplate, clock: new TestClock(new Date(station.issuedAt)), logger, policy });
  const series = async () => {
    const { body } = await metrics.render();
    return body.split('\n').filter((line) => /^aerogate_(circuit_breaker_state|external_calls_total)\{/.test(line));
  };
  return { source, policy, series };
}

describe('the call policy of an outside integration (cockatiel)', () => {
  it('retries transient failures (a 503, then a 502) and answers', async () => {
    const service = await weatherService([503, 502]);
    const { source, series } = tafThroughPolicy(service.urlTemplate);

    const report = await source.latest(station.icao);

    expect(report?.raw).toContain(`TAF ${station.icao}`);
    expect(service.requests).toHaveLength(3);
    expect(await series()).toContain('aerogate_external_calls_total{integration="taf",outcome="success"} 1');
  });

  it('does not retry a 4xx, and a 4xx leaves the breaker closed: the service is up', async () => {
    const service = await weatherService([404, 404, 404, 404]);
    const { source, policy } = tafThroughPolicy(service.urlTemplate);

    for (let call = 0; call < 4; call++) await expect(source.latest(station.icao)).rejects.toThrow(AppError);

    expect(service.requests).toHaveLength(4);
    expect(policy.state()).toBe('closed');
  });

  it('bounds each try by its time-out, aborts it, and retries it', async () => {
    const { policy } = tafThroughPolicy('http://127.0.0.1:9/{icao}', { ...SETTINGS, attempts: 2, timeoutMs: 50 });
    const signals: AbortSignal[] = [];

    const error = await policy
      .execute((signal) => {
        signals.push(signal);
        return new Promise<never>(() => undefined);
      })
      .catch((caught: unknown) => caught);

    expect(failureReason(error)).toBe('No answer in time');
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
  });

  it('opens after N failed tries and then answers at once with a clear error, without calling', async () => {
    const service = await weatherService(Array<number>(10).fill(500));
    const { source, policy, series } = tafThroughPolicy(service.urlTemplate);

    const first = await source.latest(station.icao).catch((caught: unknown) => caught);
    expect(first).toMatchObject({ code: 'EXTERNAL_SERVICE_UNAVAILABLE' });
    expect(service.requests).toHaveLength(3);
    expect(policy.state()).toBe('open');

    const refused = await policy.execute(() => Promise.resolve('never run')).catch((caught: unknown) => caught);
    await expect(source.latest(station.icao)).rejects.toMatchObject({ code: 'EXTERNAL_SERVICE_UNAVAILABLE' });
    expect(isCircuitOpen(refused)).toBe(true);
    expect(failureReason(refused)).toBe('Not called: the service failed repeatedly, calls are paused');
    expect(service.requests).toHaveLength(3);
    expect(await series()).toEqual(
      expect.arrayContaining([
        'aerogate_circuit_breaker_state{integration="taf",state="open"} 1',
        'aerogate_circuit_breaker_state{integration="taf",state="closed"} 0',
        'aerogate_external_calls_total{integration="taf",outcome="failure"} 1',
        'aerogate_external_calls_total{integration="taf",outcome="circuit_open"} 2',
      ]),
    );
  });

  it('half-opens after its delay on a clock the test moves: one trial call, which closes it when it succeeds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const service = await weatherService([500, 500, 500], { from: 4, until: held });
    const { source, policy, series } = tafThroughPolicy(service.urlTemplate);
    await expect(source.latest(station.icao)).rejects.toThrow(AppError);
    expect(policy.state()).toBe('open');

    vi.setSystemTime(new Date('2026-11-27T10:00:29Z'));
    await expect(policy.execute(() => Promise.resolve('too early'))).rejects.toSatisfy(isCircuitOpen);

    vi.setSystemTime(new Date('2026-11-27T10:00:31Z'));
    const trial = policy.execute(async (signal) => {
      const response = await fetch(service.urlTemplate.replace('{icao}', station.icao), { signal });
      return response.text();
    });
    await vi.waitUntil(() => service.requests.length === 4, { interval: 5 });
    expect(policy.state()).toBe('half-open');
    expect(await series()).toContain('aerogate_circuit_breaker_state{integration="taf",state="half-open"} 1');

    release();
    expect(await trial).toContain(station.icao);
    expect(policy.state()).toBe('closed');
    expect(await series()).toContain('aerogate_circuit_breaker_state{integration="taf",state="closed"} 1');
  });
});
