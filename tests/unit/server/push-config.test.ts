import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/env';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'aerogate-push-config-'));

describe('push and violation configuration', () => {
  it('generates a VAPID key pair once, keeps it under DATA_DIR and reuses it; push stays in the outbox by default', () => {
    const dir = dataDir();

    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });

    expect(first.push.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(second.push).toEqual(first.push);
    expect(JSON.parse(readFileSync(path.join(dir, 'vapid-keys.json'), 'utf8'))).toEqual({
      publicKey: first.push.publicKey,
      privateKey: first.push.privateKey,
    });
    expect(first.push).toMatchObject({ subject: 'mailto:no-reply@aerogate.local', deliver: false });
    expect(first.violationSilenceMs).toBe(120_000);
  });

  it('takes the keys, the subject and the delivery from the environment, and refuses half a key pair', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: 'public-key',
      VAPID_PRIVATE_KEY: 'private-key',
      VAPID_SUBJECT: 'https://aerogate.example',
      PUSH_DELIVERY: 'webpush',
      VIOLATION_SILENCE_SECONDS: '30',
    });

    expect(config.push).toEqual({ publicKey: 'public-key', privateKey: 'private-key', subject: 'https://aerogate.example', deliver: true });
    expect(config.violationSilenceMs).toBe(30_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: 'public-key' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'someone' })).toThrow(/VAPID_SUBJECT/);
  });
});
