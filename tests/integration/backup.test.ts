import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backup, restore } from '../../server/lib/backup';
import { connectDatabase, startEmbeddedPostgres, type DatabaseClients } from '../../server/lib/database';
import { createUser } from '../factories/users';
import { createTestDatabase, type TestDatabase } from '../setup/test-database';

// A real track file (tests/fixtures/tracks/ATTRIBUTION.md) stands for a stored attachment.
const FILE = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'tracks', 'gpslogger-flight.gpx'));
const source = inject('database');

/** A database with a mission, its track and its attachment on disk, under a DATA_DIR of its own. */
async function original(dataDir: string) {
  let database: { url: string; close(): Promise<void> };
  mkdirSync(dataDir, { recursive: true });
  if (source.kind === 'pglite') {
    const dump = new Blob([await readFile(source.dumpFile)]);
    database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump });
  } else {
    const test: TestDatabase = await createTestDatabase();
    database = { url: test.url, close: () => test.close() };
  }
  const clients = connectDatabase(database.url, { embedded: source.kind === 'pglite' });
  const user = await createUser(clients.prisma);
  const mission = await clients.prisma.mission.create({ data: { userId: user.id, title: 'Backed up', status: 'validated' } });
  const times = [0, 1, 2].map((i) => new Date(Date.UTC(2026, 5, 15, 8, 0, i)));
  await clients.prisma.track.createMany({
    data: times.map((time, i) => ({
      source: 'wi' as const,
      ident: 'TRK-BACKUP',
      type: 'drone' as const,
      userId: user.id,
      missionId: mission.id,
      time,
      lat: 48.7 + i / 1000,
      lon: 2.16,
    })),
  });
  mkdirSync(path.join(dataDir, 'attachments'), { recursive: true });
  writeFileSync(path.join(dataDir, 'attachments', `${mission.id}.gpx`), FILE);
  writeFileSync(path.join(dataDir, 'jwt-secret'), 'a-secret-of-the-original-instance-0123456789');
  return { clients, database, missionId: mission.id };
}

async function found(clients: DatabaseClients, missionId: string) {
  const mission = await clients.prisma.mission.findUnique({ where: { id: missionId } });
  const tracks = await clients.prisma.track.findMany({ where: { missionId }, orderBy: { time: 'asc' } });
  return { title: mission?.title, positions: tracks.map((track) => [track.time.toISOString(), track.lat]) };
}

describe(`db:backup and db:restore (${source.kind})`, () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('a backup restored into a new DATA_DIR holds the same missions, tracks, files and keys', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'aerogate-backup-'));
    const dataDir = path.join(root, 'data');
    const { clients, database, missionId } = await original(dataDir);
    const expected = await found(clients, missionId);
    expect(expected.positions).toHaveLength(3);
    // The embedded database is backed up with the app stopped (docs/operations.md).
    await clients.close();
    if (source.kind === 'pglite') await database.close();
    else cleanups.push(() => database.close());

    let restoredUrl: string | undefined;
    if (source.kind === 'postgres') {
      const name = `aerogate_restore_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: source.serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const url = new URL(source.serverUrl);
      url.pathname = `/${name}`;
      restoredUrl = url.toString();
      cleanups.push(async () => {
        const cleanup = new pg.Client({ connectionString: source.serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      });
    }
    const databaseUrl = source.kind === 'postgres' ? database.url : undefined;
    expect(await backup({ dataDir, databaseUrl }, path.join(root, 'backup'))).toEqual({
      database: source.kind === 'pglite' ? 'embedded' : 'postgresql',
      files: 1,
    });

    const restoredDir = path.join(root, 'restored');
    await restore(path.join(root, 'backup'), { dataDir: restoredDir, databaseUrl: restoredUrl });
    await expect(restore(path.join(root, 'backup'), { dataDir: restoredDir, databaseUrl: restoredUrl })).rejects.toThrow(/exists/);

    let restored: { url: string; close(): Promise<void> } | undefined;
    if (source.kind === 'pglite') restored = await startEmbeddedPostgres({ dataDir: path.join(restoredDir, 'pglite') });
    const again = connectDatabase(restored?.url ?? restoredUrl!, { embedded: source.kind === 'pglite' });
    try {
      expect(await found(again, missionId)).toEqual(expected);
    } finally {
      await again.close();
      await restored?.close();
    }
    expect(readFileSync(path.join(restoredDir, 'attachments', `${missionId}.gpx`)).equals(FILE)).toBe(true);
    expect(readFileSync(path.join(restoredDir, 'jwt-secret'), 'utf8')).toBe('a-secret-of-the-original-instance-0123456789');
  });
});
