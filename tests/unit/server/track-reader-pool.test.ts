import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTrackReaderPool } from '../../../server/modules/tracks/track-reader-pool';

const dir = mkdtempSync(path.join(tmpdir(), 'aerogate-track-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function csv(rows: number) {
  const file = path.join(dir, `${rows}.csv`);
  const lines = Array.from(
    { length: rows },
    (_, index) => `${new Date(Date.UTC(2026, 5, 15) + index * 100).toISOString()},48.7,2.1,${index % 50}`,
  );
  writeFileSync(file, ['time,lat,lon,height', ...lines].join('\n'));
  return file;
}

const limits = { concurrency: 1, queue: 1, maxPoints: 1_000, heapMb: 64, timeoutMs: 30_000, idleMs: 1_000 };

describe('reading track files off the request thread', () => {
  it('answers the columns read by a worker, one file after another on the same worker', async () => {
    const pool = createTrackReaderPool(limits);
    const file = csv(500);

    const first = await pool.read(file, 'csv');
    const second = await pool.read(file, 'csv');

    expect(first.times).toHaveLength(500);
    expect(first.heights[49]).toBe(49);
    expect(second.times[499]).toBe(Date.UTC(2026, 5, 15) + 49_900);
  });

  it('answers TRACK_FILE_TOO_MANY_POINTS for a file past the cap', async () => {
    await expect(createTrackReaderPool(limits).read(csv(1_001), 'csv')).rejects.toMatchObject({ code: 'TRACK_FILE_TOO_MANY_POINTS' });
  });

  it('queues a file while another is read, and answers 429 TRACK_IMPORT_BUSY past the queue', async () => {
    const pool = createTrackReaderPool(limits);
    const file = csv(800);

    const reads = [pool.read(file, 'csv'), pool.read(file, 'csv'), pool.read(file, 'csv')];

    await expect(reads[2]).rejects.toMatchObject({ code: 'TRACK_IMPORT_BUSY', status: 429, details: { retryAfterSeconds: 5 } });
    expect((await reads[0]).times).toHaveLength(800);
    expect((await reads[1]).times).toHaveLength(800);
  });

  it('answers TRACK_FILE_TOO_COMPLEX when a file needs more memory or time than a worker has, and reads the next', async () => {
    const file = path.join(dir, 'deep.geojson');
    const coordinates = Array.from({ length: 400_000 }, (_, index) => [2.1 + index / 1e7, 48.7, 10.123456789]);
    writeFileSync(
      file,
      JSON.stringify({ type: 'Feature', properties: { padding: 'x'.repeat(1000) }, geometry: { type: 'LineString', coordinates } }),
    );
    const pool = createTrackReaderPool({ ...limits, heapMb: 16, maxPoints: 1_000_000 });
    const slow = createTrackReaderPool({ ...limits, timeoutMs: 1 });

    await expect(pool.read(file, 'geojson')).rejects.toMatchObject({ code: 'TRACK_FILE_TOO_COMPLEX' });
    await expect(slow.read(csv(10), 'csv')).rejects.toMatchObject({ code: 'TRACK_FILE_TOO_COMPLEX' });
    expect((await pool.read(csv(10), 'csv')).times).toHaveLength(10);
  });
});
