import type pg from 'pg';
import type { TrafficSourceCode } from '../../../src/shared/contracts/alerts';
import type { TrackExportPoint, TrackFilePoint } from '../../../src/shared/geo/track-files';

/** Rows inserted per statement of an import. */
const BATCH = 5_000;

const utc = (column: string) => `(${column}::timestamptz AT TIME ZONE 'UTC')`;

export interface TrackImport {
  source: TrafficSourceCode;
  ident: string;
  userId: string;
  missionId: string;
  points: readonly TrackFilePoint[];
}

/** Imports and exports of a mission's stored positions (`Track`), through node-postgres. */
export function createTracksRepository(pool: pg.Pool) {
  return {
    /**
     * Stores an imported track in one transaction: when any of its positions is already stored (same source, ident
     * and time), nothing is kept and the answer is false.
     */
    async importTrack(track: TrackImport): Promise<boolean> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        let stored = 0;
        for (let start = 0; start < track.points.length; start += BATCH) {
          const points = track.points.slice(start, start + BATCH);
          const result = await client.query(
            `INSERT INTO "Track" (source, ident, "userId", time, type, lat, lon, "heightM", "missionId")
             SELECT $1::"TrafficSource", $2, $3::uuid, ${utc('t')}, 'drone', la, lo, h, $4::uuid
               FROM unnest($5::text[], $6::float8[], $7::float8[], $8::float8[]) AS x(t, la, lo, h)
             ON CONFLICT DO NOTHING`,
            [
              track.source,
              track.ident,
              track.userId,
              track.missionId,
              points.map((point) => point.time.toISOString()),
              points.map((point) => point.lat),
              points.map((point) => point.lon),
              points.map((point) => point.heightM),
            ],
          );
          stored += result.rowCount ?? 0;
        }
        const complete = stored === track.points.length;
        await client.query(complete ? 'COMMIT' : 'ROLLBACK');
        return complete;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    /** Every stored position of a mission (its trackers' and its imported files'), by target and time. */
    async missionTrack(missionId: string): Promise<TrackExportPoint[]> {
      const { rows } = await pool.query<TrackExportPoint>(
        `SELECT source, ident, time, lat, lon, "heightM", rssi, "gpsSatellites" FROM "Track" WHERE "missionId" = $1
          ORDER BY source, ident, time`,
        [missionId],
      );
      return rows;
    },
  };
}

export type TracksRepository = ReturnType<typeof createTracksRepository>;
