import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../setup/test-app';
import { expectError } from './support';
import { missionOperator } from './missions-support';

describe('GET /api/map/settings', () => {
  const apps: { close: () => Promise<void> | void }[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('has no aerial imagery without AERIAL_TILES_URL, and answers 401 without a session', async () => {
    const t = await createTestApp();
    apps.push(t);
    const me = await missionOperator(t);

    expect((await request(t.app).get('/api/map/settings').set(me.auth)).body).toEqual({ aerialTilesUrl: null });
    expectError(await request(t.app).get('/api/map/settings'), 401, 'UNAUTHENTICATED');
  });

  it('gives the configured tile template', async () => {
    const t = await createTestApp({ AERIAL_TILES_URL: 'https://imagery.example/tiles/{z}/{y}/{x}.jpg' });
    apps.push(t);
    const me = await missionOperator(t);

    expect((await request(t.app).get('/api/map/settings').set(me.auth)).body).toEqual({
      aerialTilesUrl: 'https://imagery.example/tiles/{z}/{y}/{x}.jpg',
    });
  });

  it('refuses a template without {z}, {x} and {y} at start', async () => {
    await expect(createTestApp({ AERIAL_TILES_URL: 'https://imagery.example/tile.jpg' })).rejects.toThrow(/AERIAL_TILES_URL/);
  });
});
