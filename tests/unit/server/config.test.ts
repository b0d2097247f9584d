import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/env';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'aerogate-config-'));

describe('configuration', () => {
  it('defaults to port 3000, the embedded database under DATA_DIR, the outbox and no maintenance', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });

    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.smsUrl).toBeUndefined();
    expect(config.maintenance).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('generates a JWT secret once, keeps it under DATA_DIR and reuses it at the next start', () => {
    const dir = dataDir();

    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });

    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('stops with one plain-English line per bad variable, naming it', () => {
    const load = () =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://db', JWT_SECRET: 'short', MAINTENANCE: 'perhaps' });

    expect(load).toThrow(ConfigError);
    const message = (() => {
      try {
        load();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('PORT: Invalid input: expected number');
    expect(message).toContain('DATABASE_URL: must be a postgresql:// URL');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(message).toMatch(/MAINTENANCE: Invalid option/);
    expect(message).not.toContain('validation:');
  });

  it('reads MAINTENANCE=true and a trailing slash-free PUBLIC_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), MAINTENANCE: 'true', PUBLIC_URL: 'https://aerogate.example.com/' });

    expect(config.maintenance).toBe(true);
    expect(config.publicUrl).toBe('https://aerogate.example.com');
  });
});
