import { setImmediate as nextTurn } from 'node:timers/promises';
import type pg from 'pg';
import type { TrafficSourceCode } from '../../../src/shared/contracts/alerts';
import type { TrackExportPoint } from '../../../src/shared/geo/track-files';
import type { TrackExportTarget } from './track-export';
import type { TrackColumns } from './track-positions';

/**
 * Rows inserted per statement of an import: each statement is short, so other queries pass between two of them. The
 * embedded database (one connection) answers one statement at a time on the request thread, and a health check waits
 * for the whole statement before it: a quarter of a server's batch there (docs/performance.md "Track imports").
 */
const BATCH = { server: 1_000, embedded: 250 };

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
  const batch = pool.options.max > 1 ? BATCH.server : BATCH.embedded;
  return {
    /**
     * Stores an imported track batch by batch, each batch its own statement (no transaction holds the database for
     * the whole file). The rows carry the import's own `receivedAt`: when any position is already stored (same source,
     * ident and time), the rows this import wrote are deleted again and the answer is false.
     */
    async importTrack(track: TrackImport): Promise<boolean> {
      const stamp = new Date().toISOString();
      const { times, lats, lons, heights } = track.track;
      for (let start = 0; start < times.length; start += batch) {
        if (start > 0) await nextTurn();
        const end = Math.min(start + batch, times.length);
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

    /** The targets (source and ident) of a mission's stored positions, and whether any reports rssi or satellites. */
    async missionTargets(missionId: string): Promise<TrackExportTarget[]> {
      const { rows } = await pool.query<TrackExportTarget>(
        `SELECT source, ident, bool_or(rssi IS NOT NULL) AS rssi, bool_or("gpsSatellites" IS NOT NULL) AS "gpsSatellites"
           FROM "Track" WHERE "missionId" = $1 GROUP BY source, ident ORDER BY source, ident`,
        [missionId],
      );
      return rows;
    },

    /** Up to `limit` of a mission's positions of one target, in time order, after `after` (ms) when given. */
    async missionPoints(missionId: string, target: { source: string; ident: string }, after: number | null, limit: number) {
      const { rows } = await pool.query<TrackExportPoint>(
        `SELECT source, ident, time, lat, lon, "heightM", rssi, "gpsSatellites" FROM "Track"
          WHERE "missionId" = $1 AND source = $2::"TrafficSource" AND ident = $3 AND ($4::text IS NULL OR time > ${utc('$4')})
          ORDER BY time LIMIT $5`,
        [missionId, target.source, target.ident, after === null ? null : new Date(after).toISOString(), limit],
      );
      return rows;
    },
  };
}

export type TracksRepository = ReturnType<typeof createTracksRepository>;
