import type pg from 'pg';
import type { TrafficPost } from '../../../src/shared/contracts/traffic';
import { prepared } from '../../lib/prepared';
import type { IngestedPosition } from './positions';

/** A position as stored: the post's fields, its account and its mission. */
export type TrackRow = Omit<TrafficPost, 'time'> & { time: Date; userId: string | null; missionId: string | null };

/** A take-off of a mission, for linking positions to it. */
export interface Flight {
  missionId: string;
  takeoffAt: Date;
  landedAt: Date | null;
}

const utc = (column: string) => `(${column}::timestamptz AT TIME ZONE 'UTC')`;

/** The key of one stored position: an ident of a source at one instant (the table's primary key). */
export const trackKey = (track: { source: string; ident: string; time: Date }) => `${track.source}|${track.ident}|${track.time.getTime()}`;

/** Tracks in PostgreSQL through node-postgres: one multi-row statement per batch (docs/live-traffic.md). */
export function createTrafficRepository(pool: pg.Pool) {
  return {
    async userByApiKey(apiKey: string) {
      const { rows } = await prepared<{ id: string }>(pool, 'traffic', `SELECT id FROM "User" WHERE "apiKey" = $1 AND status = 'active'`, [
        apiKey,
      ]);
      return rows[0] ?? null;
    },

    /** The idents of the trackers whose related user is `userId`. */
    async trackersOf(userId: string): Promise<ReadonlySet<string>> {
      const { rows } = await prepared<{ ident: string }>(pool, 'traffic', `SELECT ident FROM "Tracker" WHERE "relatedUserId" = $1`, [
        userId,
      ]);
      return new Set(rows.map((row) => row.ident));
    },

    /** Which of `idents` are registered trackers with no related user (their positions belong to no account yet). */
    async unlinkedTrackers(idents: readonly string[]): Promise<ReadonlySet<string>> {
      if (idents.length === 0) return new Set();
      const { rows } = await prepared<{ ident: string }>(
        pool,
        'traffic',
        `SELECT ident FROM "Tracker" WHERE ident = ANY($1::text[]) AND "relatedUserId" IS NULL`,
        [idents],
      );
      return new Set(rows.map((row) => row.ident));
    },

    /**
     * The flights of each user's missions (owned, or taken off by that user) still open or landed since `since`,
     * latest take-off first: where to find the mission a position of that user belongs to.
     */
    async flightsSince(userIds: readonly string[], since: Date) {
      const { rows } = await prepared<Flight & { userId: string }>(
        pool,
        'traffic',
        `SELECT u.id AS "userId", f."missionId", f."takeoffAt", f."landedAt"
           FROM unnest($1::uuid[]) AS u(id)
           JOIN "Flight" f ON f."landedAt" IS NULL OR f."landedAt" >= ${utc('$2')}
           JOIN "Mission" m ON m.id = f."missionId"
          WHERE m."userId" = u.id OR f."takenOffBy" = u.id
          ORDER BY f."takeoffAt" DESC`,
        [userIds, since.toISOString()],
      );
      const flights = new Map<string, Flight[]>();
      for (const row of rows) (flights.get(row.userId) ?? flights.set(row.userId, []).get(row.userId)!).push(row);
      return flights;
    },

    /**
     * Inserts the batch in one statement; answers the keys actually stored (a key already there is skipped). The rows go
     * as one JSON parameter: node-postgres writes a text array element by element, 24 arrays a batch (docs/performance.md).
     */
    async insert(tracks: readonly TrackRow[]): Promise<Set<string>> {
      if (tracks.length === 0) return new Set();
      const rows = tracks.map((t) => ({
        s: t.source,
        i: t.ident,
        u: t.userId,
        t: t.time.toISOString(),
        ty: t.type,
        la: t.lat,
        lo: t.lon,
        h: t.alt,
        sp: t.spd,
        hd: t.heading,
        c: t.charge,
        ch: t.charging,
        hh: t.homeHeight,
        hla: t.homeLat,
        hlo: t.homeLon,
        sn: t.stationName,
        sla: t.stationLatitude,
        slo: t.stationLongitude,
        m: t.missionId,
        r: t.rssi,
        gs: t.gpsSatellites,
        cs: t.callsign,
        sq: t.squawk,
        og: t.onGround,
      }));
      const { rows: stored } = await prepared<{ source: string; ident: string; time: Date }>(
        pool,
        'traffic',
        `INSERT INTO "Track" (source, ident, "userId", time, type, lat, lon, "heightM", "speedMs", heading, charge, charging,
                              "homeHeight", "homeLat", "homeLon", "stationName", "stationLatitude", "stationLongitude", "missionId",
                              rssi, "gpsSatellites", callsign, squawk, "onGround")
         SELECT s::"TrafficSource", i, u, ${utc('t')}, ty::"VehicleType", la, lo, h, sp, hd, c, ch, hh, hla, hlo, sn, sla, slo, m, r, gs,
                cs, sq, og
           FROM json_to_recordset($1::json)
                AS x(s text, i text, u uuid, t text, ty text, la float8, lo float8, h float8, sp float8, hd float8, c float8, ch bool,
                     hh float8, hla float8, hlo float8, sn text, sla float8, slo float8, m uuid, r int4, gs int4, cs text, sq text,
                     og bool)
         ON CONFLICT DO NOTHING
         RETURNING source, ident, time`,
        [JSON.stringify(rows)],
      );
      return new Set(stored.map(trackKey));
    },

    /** The last position of each target seen since `since` inside the box (the live map's snapshot). */
    async lastPositions(since: Date, bbox: readonly [number, number, number, number]): Promise<IngestedPosition[]> {
      const [west, south, east, north] = bbox;
      const { rows } = await prepared<IngestedPosition>(
        pool,
        'traffic',
        `SELECT DISTINCT ON (source, ident, "userId") source, ident, type, lat, lon, "heightM", "speedMs", heading, time,
                "userId", "missionId", callsign, squawk, "onGround"
           FROM "Track"
          WHERE time >= ${utc('$1')} AND lon BETWEEN $2 AND $3 AND lat BETWEEN $4 AND $5
          ORDER BY source, ident, "userId", time DESC`,
        [since.toISOString(), west, east, south, north],
      );
      return rows;
    },

    /**
     * Deletes at most `limit` tracks older than `before`; answers how many. Track files a pilot imported into a mission
     * (source `mo`, ident `file:{missionId}`, server/modules/tracks) are kept: they were brought on purpose.
     */
    async deleteBefore(before: Date, limit: number) {
      const result = await pool.query(
        `DELETE FROM "Track" WHERE ctid = ANY(ARRAY(
           SELECT ctid FROM "Track"
            WHERE time < ${utc('$1')} AND NOT (source = 'mo' AND "missionId" IS NOT NULL AND ident = 'file:' || "missionId"::text)
            LIMIT $2))`,
        [before.toISOString(), limit],
      );
      return result.rowCount ?? 0;
    },
  };
}

export type TrafficRepository = ReturnType<typeof createTrafficRepository>;
