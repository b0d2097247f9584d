import type pg from 'pg';
import type { TrafficSourceCode } from '../../../src/shared/contracts/alerts';
import type { TrackExportPoint } from '../../../src/shared/geo/track-files';
import type { TrackColumns } from './track-positions';

/**
 * Rows inserted per statement of an import: each statement is short, so other queries (the embedded database answers
 * one at a time, on the request thread) pass between two of them.
 */
const BATCH = 1_000;

const utc = (column: string) => `(${column}::timestamptz AT TIME ZONE 'UTC')`;

export interface TrackImport {
  source: TrafficSourceCode;
  ident: string;
  userId: string;
  missionId: string;
  /** In time order, as the readers answer them. */
  track: TrackColumns;
}

/** Imports and exports of a mission's stored positions (`Track`), through node-postgres. */
export function createTracksRepository(pool: pg.Pool) {
  return {
    /**
     * Stores an imported track batch by batch, each batch its own statement (no transaction holds the database for
     * the whole file). The rows carry the import's own `receivedAt`: when any position is already stored (same source,
     * ident and time), the rows this import wrote are deleted again and the answer is false.
     */
    async importTrack(track: TrackImport): Promise<boolean> {
      const stamp = new Date().toISOString();
      const { times, lats, lons, heights } = track.track;
      for (let start = 0; start < times.length; start += BATCH) {
        const end = Math.min(start + BATCH, times.length);
        const column = (values: Float64Array) => Array.from(values.subarray(start, end), (value) => (Number.isNaN(value) ? null : value));
        const result = await pool.query(
          `INSERT INTO "Track" (source, ident, "userId", time, type, lat, lon, "heightM", "missionId", "receivedAt")
           SELECT $1::"TrafficSource", $2, $3::uuid, ${utc('t')}, 'drone', la, lo, h, $4::uuid, ${utc('$9')}
             FROM unnest($5::text[], $6::float8[], $7::float8[], $8::float8[]) AS x(t, la, lo, h)
           ON CONFLICT DO NOTHING`,
          [
            track.source,
            track.ident,
            track.userId,
            track.missionId,
            Array.from(times.subarray(start, end), (time) => new Date(time).toISOString()),
            column(lats),
            column(lons),
            column(heights),
            stamp,
          ],
        );
        if ((result.rowCount ?? 0) < end - start) {
          await pool.query(`DELETE FROM "Track" WHERE source = $1::"TrafficSource" AND ident = $2 AND "receivedAt" = ${utc('$3')}`, [
            track.source,
            track.ident,
            stamp,
          ]);
          return false;
        }
      }
      return true;
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
