import type pg from 'pg';
import type { ReplaySelection } from '../../../src/shared/contracts/replay';
import { prepared } from '../../lib/prepared';

/** Whose positions a caller reaches: everything, or its account's (own positions, trackers and missions). */
export type ReplayScope = { all: true } | { all: false; ownerId: string; accountIds: readonly string[] };

/** One stored position as the replay reads it; `ms` is its time in milliseconds since the epoch. */
export interface ReplayRow {
  source: string;
  ident: string;
  type: string;
  missionId: string | null;
  ms: number;
  lon: number;
  lat: number;
  heightM: number | null;
  speedMs: number | null;
  heading: number | null;
}

/**
 * Where a page resumes: after the position (t, s, i), or from the instant t included when s is absent; `w` is the
 * width of the time window the next query reads, adapted to the density met so far.
 */
export interface ReplayCursor {
  t: number;
  s?: string;
  i?: string;
  w: number;
}

const FIRST_WINDOW_MS = 60_000;
const utc = (parameter: string) => `(${parameter}::timestamptz AT TIME ZONE 'UTC')`;

/** The conditions of a selection and a scope on "Track" t, appending their values. */
function conditions(selection: ReplaySelection, scope: ReplayScope, values: unknown[]) {
  const next = (value: unknown) => `$${values.push(value)}`;
  const missionsOf = (user: string) => `t."missionId" IN (SELECT id FROM "Mission" WHERE "userId" = ${user}::uuid)`;
  const where: string[] = [];
  if (!scope.all) where.push(`(t."userId" = ANY(${next(scope.accountIds)}::uuid[]) OR ${missionsOf(next(scope.ownerId))})`);
  if (selection.userId) {
    const user = next(selection.userId);
    where.push(`(t."userId" = ${user}::uuid OR ${missionsOf(user)})`);
  }
  if (selection.missionId) where.push(`t."missionId" = ${next(selection.missionId)}::uuid`);
  if (selection.source) where.push(`t.source = ${next(selection.source)}::"TrafficSource"`);
  if (selection.bbox) {
    const [west, south, east, north] = selection.bbox;
    where.push(`t.lon BETWEEN ${next(west)} AND ${next(east)} AND t.lat BETWEEN ${next(south)} AND ${next(north)}`);
  }
  return where;
}

/**
 * Stored positions for the replay, read from "Track" through node-postgres. A page reads the selection by successive
 * time windows (the BRIN index on time finds each), so its cost follows the page, not the whole selection; the window
 * grows over sparse periods and shrinks when it holds more than a page (docs/post-flight.md "Replay").
 */
export function createReplayRepository(pool: pg.Pool) {
  async function window(selection: ReplaySelection, scope: ReplayScope, cursor: ReplayCursor, end: number, limit: number) {
    const values: unknown[] = [];
    const where = conditions(selection, scope, values);
    const start = `$${values.push(new Date(cursor.t).toISOString())}`;
    where.push(`t.time < ${utc(`$${values.push(new Date(end).toISOString())}`)}`);
    if (cursor.s !== undefined && cursor.i !== undefined)
      where.push(`(t.time, t.source, t.ident) > (${utc(start)}, $${values.push(cursor.s)}::"TrafficSource", $${values.push(cursor.i)})`);
    else where.push(`t.time >= ${utc(start)}`);
    const { rows } = await prepared<ReplayRow>(
      pool,
      'replay',
      `SELECT t.source, t.ident, t.type, t."missionId", (extract(epoch FROM t.time) * 1000)::float8 AS ms, t.lon, t.lat,
              t."heightM", t."speedMs", t.heading
         FROM "Track" t
        WHERE ${where.join(' AND ')}
        ORDER BY t.time, t.source, t.ident
        LIMIT $${values.push(limit)}`,
      values,
    );
    return rows;
  }

  return {
    /**
     * Up to `limit` positions of the selection from `cursor` on, in (time, source, ident) order, and the cursor of
     * the rest (null when the selection is read to its end).
     */
    async page(selection: ReplaySelection, scope: ReplayScope, cursor: ReplayCursor | null, limit: number) {
      const to = Date.parse(selection.to);
      const rows: ReplayRow[] = [];
      let at: ReplayCursor = cursor ?? { t: Date.parse(selection.from), w: FIRST_WINDOW_MS };
      for (;;) {
        const end = Math.min(at.t + at.w, to);
        const wanted = limit - rows.length;
        const read = await window(selection, scope, at, end, wanted);
        rows.push(...read);
        if (read.length === wanted) {
          const last = read[read.length - 1]!;
          const w = last.ms - at.t < at.w / 2 ? Math.max(1_000, Math.ceil(at.w / 2)) : at.w;
          return { rows, next: { t: last.ms, s: last.source, i: last.ident, w } };
        }
        if (end >= to) return { rows, next: null };
        at = { t: end, w: read.length < wanted / 4 ? at.w * 4 : at.w };
      }
    },

    /** Missions with positions in the selection, latest first, with their span and count. */
    async flights(selection: ReplaySelection, scope: ReplayScope, limit: number) {
      const values: unknown[] = [];
      const where = conditions(selection, scope, values);
      where.push(`t.time >= ${utc(`$${values.push(selection.from)}`)}`, `t.time < ${utc(`$${values.push(selection.to)}`)}`);
      const { rows } = await prepared<{
        missionId: string;
        title: string;
        ownerId: string;
        ownerName: string;
        first: Date;
        last: Date;
        positions: number;
      }>(
        pool,
        'replay',
        `SELECT m.id AS "missionId", m.title, m."userId" AS "ownerId",
                coalesce(nullif(trim(concat_ws(' ', u."firstName", u."lastName")), ''), u.email) AS "ownerName",
                f.first, f.last, f.positions
           FROM (SELECT t."missionId", min(t.time) AS first, max(t.time) AS last, count(*)::int AS positions
                   FROM "Track" t
                  WHERE t."missionId" IS NOT NULL AND ${where.join(' AND ')}
                  GROUP BY t."missionId") f
           JOIN "Mission" m ON m.id = f."missionId"
           JOIN "User" u ON u.id = m."userId"
          ORDER BY f.last DESC
          LIMIT $${values.push(limit)}`,
        values,
      );
      return rows;
    },

    async missionOwner(missionId: string) {
      const { rows } = await prepared<{ userId: string }>(pool, 'replay', `SELECT "userId" FROM "Mission" WHERE id = $1`, [missionId]);
      return rows[0]?.userId ?? null;
    },
  };
}

export type ReplayRepository = ReturnType<typeof createReplayRepository>;
