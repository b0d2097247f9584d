import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/env';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'aerogate-config-'));

describe('traffic configuration', () => {
  it('defaults to the in-process bus, no receiver, a year of tracks and 120 s of staleness', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });

    expect([config.redis, config.adsb, config.trackRetentionDays, config.trafficStaleSeconds]).toEqual([null, null, 365, 120]);
  });

  it('reads the Redis bus, the SBS-1 receiver and its station', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      REDIS_URL: 'redis://127.0.0.1:6379',
      ADSB_SBS_URL: 'tcp://radar.local:30003',
      ADSB_STATION_NAME: 'Roof',
      ADSB_STATION_LAT: '48.7',
      ADSB_STATION_LON: '2.16',
      TRACK_RETENTION_DAYS: '30',
      TRAFFIC_STALE_SECONDS: '60',
    });

    expect(config.redis).toEqual({ url: 'redis://127.0.0.1:6379', prefix: 'aerogate' });
    expect(config.adsb).toEqual({ host: 'radar.local', port: 30003, station: { name: 'Roof', lat: 48.7, lon: 2.16 } });
    expect([config.trackRetentionDays, config.trafficStaleSeconds]).toEqual([30, 60]);
  });

  it.each([
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ ADSB_SBS_URL: 'radar.local:30003' }, 'ADSB_SBS_URL'],
    [{ ADSB_SBS_URL: 'tcp://radar.local:30003', ADSB_STATION_NAME: 'Roof' }, 'ADSB_STATION_LAT'],
    [{ ADSB_STATION_LAT: '95', ADSB_STATION_LON: '2', ADSB_STATION_NAME: 'Roof' }, 'ADSB_STATION_LAT'],
    [{ TRAFFIC_STALE_SECONDS: '1' }, 'TRAFFIC_STALE_SECONDS'],
  ])('refuses %j, naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });
});
