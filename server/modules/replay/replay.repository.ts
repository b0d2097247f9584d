import { finished, type Readable } from 'node:stream';
import pg from 'pg';
import { REPLAY_CSV_COLUMNS, type ReplaySelection } from '../../../src/shared/contracts/replay';
import { prepared } from '../../lib/prepared';
import { flownBySql } from '../missions/missions.repository';
import { copyOut } from './copy-out';

/**
 * Whose positions a caller reaches: everything, or its account's (own positions, trackers and missions); with
 * `pilotId`, of the account's missions only those that pilot flies (docs/security.md "Missions a pilot flies").
 */
export type ReplayScope = { all: true } | { all: false; ownerId: string; accountIds: readonly string[]; pilotId: string | null };

/** The key of a position in the order of the replay: its time in milliseconds since the epoch, source and ident. */
interface Keyed {
  ms: number;
  source: string;
  ident: string;
}

/** One stored position as the replay reads it. */
export interface ReplayRow extends Keyed {
  type: string;
  missionId: string | null;
  lon: number;
  lat: number;
  heightM: number | null;
  speedMs: number | null;
  rssi: number | null;
  gpsSatellites: number | null;
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
const MIN_WINDOW_MS = 1_000;
/** A window a little larger than the density met predicts, so that it rarely falls short of a page. */
const WINDOW_MARGIN = 1.25;
/** How much a window may grow from one query to the next over an empty or sparse period. */
const MAX_WINDOW_GROWTH = 16;
const MS = `(extract(epoch FROM t.time) * 1000)::float8 AS ms`;
const REPLAY_COLUMNS = `t.source, t.ident, t.type, t."missionId", ${MS}, t.lon, t.lat, t."heightM", t."speedMs", t.rssi, t."gpsSatellites"`;
/**
 * The SQL of each column of the CSV extraction, by its name in the contract's REPLAY_CSV_COLUMNS: both ways of writing
 * the CSV (COPY and the paged lines) are made from it. `text` marks a free text, quoted when it holds a comma, a quote
 * or a line break (RFC 4180); PostgreSQL writes floats with the shortest exact output, as JavaScript does.
 */
const CSV_COLUMNS: Record<(typeof REPLAY_CSV_COLUMNS)[number], { sql: string; text?: true }> = {
  time: { sql: `to_char(t.time, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` },
  source: { sql: 't.source' },
  ident: { sql: 't.ident', text: true },
  type: { sql: 't.type' },
  missionId: { sql: 't."missionId"' },
  lat: { sql: 't.lat' },
  lon: { sql: 't.lon' },
  height: { sql: 't."heightM"' },
  speed: { sql: 't."speedMs"' },
  heading: { sql: 't.heading' },
  rssi: { sql: 't.rssi' },
  gpsSatellites: { sql: 't."gpsSatellites"' },
};
/** The columns for COPY, which writes the header from their names and quotes a field only when it must. */
const CSV_SELECT = REPLAY_CSV_COLUMNS.map((name) => `${CSV_COLUMNS[name].sql} AS "${name}"`).join(', ');
/** One line of the CSV per row, ended by LF as COPY ends them, for the paged extraction. */
const CSV_LINE = `${REPLAY_CSV_COLUMNS.map((name) => {
  const { sql, text } = CSV_COLUMNS[name];
  const value = `coalesce((${sql})::text, '')`;
  return text ? `CASE WHEN ${value} ~ '[",\r\n]' THEN '"' || replace(${value}, '"', '""') || '"' ELSE ${value} END` : value;
}).join(" || ',' || ")} || E'\n'`;
/** How long one COPY of the extraction may run, so how long a slow download may hold its connection. */
const CSV_COPY_TIMEOUT_MS = 10 * 60_000;
const utc = (parameter: string) => `(${parameter}::timestamptz AT TIME ZONE 'UTC')`;

/** Values as query parameters `$1`, `$2`…, appended to `values`. */
const parameters = (values: unknown[]) => (value: unknown) => `$${values.push(value)}`;

/** A value written into SQL text: COPY takes no parameters. */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(', ')}]`;
  if (typeof value === 'number' && Number.isFinite(value)) return `(${value})`;
  return pg.escapeLiteral(String(value));
}

/** The conditions of a selection and a scope on "Track" t, each value written by `next` (a parameter or a literal). */
function conditions(selection: ReplaySelection, scope: ReplayScope, next: (value: unknown) => string) {
  const missionsOf = (user: string) => `t."missionId" IN (SELECT id FROM "Mission" WHERE "userId" = ${user}::uuid)`;
  const where: string[] = [];
  if (!scope.all) {
    const accounts = `t."userId" = ANY(${next(scope.accountIds)}::uuid[])`;
    where.push(
      scope.pilotId
        ? `((${accounts} AND t."missionId" IS NULL) OR ${flownBySql('t."missionId"', next(scope.pilotId))})`
        : `(${accounts} OR ${missionsOf(next(scope.ownerId))})`,
    );
  }
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
  /** At most half of the pool streams a COPY at once, so downloads never take every connection; none on PGlite's one. */
  const copySlots = Math.floor(pool.options.max / 2);
  let copying = 0;

  /** The SQL and values of the positions of one window, from the cursor (excluded) to `end` (excluded). */
  function windowQuery(selection: ReplaySelection, scope: ReplayScope, cursor: ReplayCursor, end: number, columns: string) {
    const values: unknown[] = [];
    const where = conditions(selection, scope, parameters(values));
    const start = `$${values.push(new Date(cursor.t).toISOString())}`;
    where.push(`t.time < ${utc(`$${values.push(new Date(end).toISOString())}`)}`);
    // The plain bound on time is what the BRIN index reads; the row comparison alone would scan from the table's start.
    where.push(`t.time >= ${utc(start)}`);
    if (cursor.s !== undefined && cursor.i !== undefined)
      where.push(`(t.time, t.source, t.ident) > (${utc(start)}, $${values.push(cursor.s)}::"TrafficSource", $${values.push(cursor.i)})`);
    const limit = `$${values.length + 1}`;
    return {
      values,
      sql: `SELECT ${columns} FROM "Track" t WHERE ${where.join(' AND ')} ORDER BY t.time, t.source, t.ident LIMIT ${limit}`,
    };
  }

  /**
   * Up to `limit` positions of the selection from `cursor` on, in (time, source, ident) order, read window by window
   * with `read`, and the cursor of the rest (null when the selection is read to its end).
   */
  async function page<T>(
    selection: ReplaySelection,
    cursor: ReplayCursor | null,
    limit: number,
    read: (at: ReplayCursor, end: number, wanted: number) => Promise<{ count: number; last: Keyed | null; part: T }>,
  ): Promise<{ parts: T[]; next: ReplayCursor | null }> {
    const to = Date.parse(selection.to);
    const parts: T[] = [];
    let count = 0;
    let at: ReplayCursor = cursor ?? { t: Date.parse(selection.from), w: FIRST_WINDOW_MS };
    for (;;) {
      const end = Math.min(at.t + at.w, to);
      const wanted = limit - count;
      const window = await read(at, end, wanted);
      parts.push(window.part);
      count += window.count;
      if (window.count === wanted && window.last) {
        const { last } = window;
        // The next window is sized to hold about one page at the density just met, so a page is mostly one query.
        const w = Math.max(MIN_WINDOW_MS, Math.ceil(((last.ms - at.t) * limit * WINDOW_MARGIN) / wanted));
        return { parts, next: { t: last.ms, s: last.source, i: last.ident, w } };
      }
      if (end >= to) return { parts, next: null };
      const fitted = window.count > 0 ? Math.ceil(((end - at.t) * (wanted - window.count) * WINDOW_MARGIN) / window.count) : Infinity;
      at = { t: end, w: Math.max(MIN_WINDOW_MS, Math.min(fitted, at.w * MAX_WINDOW_GROWTH)) };
    }
  }

  return {
    async page(selection: ReplaySelection, scope: ReplayScope, cursor: ReplayCursor | null, limit: number) {
      const { parts, next } = await page(selection, cursor, limit, async (at, end, wanted) => {
        const { sql, values } = windowQuery(selection, scope, at, end, REPLAY_COLUMNS);
        const { rows } = await prepared<ReplayRow>(pool, 'replay', sql, [...values, wanted]);
        return { count: rows.length, last: rows[rows.length - 1] ?? null, part: rows };
      });
      return { rows: parts.flat(), next };
    },

    /**
     * A page of the CSV extraction as one text: PostgreSQL writes and joins the lines, so the server handles one
     * string per window instead of a row per position.
     */
    async csvPage(selection: ReplaySelection, scope: ReplayScope, cursor: ReplayCursor | null, limit: number) {
      const { parts, next } = await page(selection, cursor, limit, async (at, end, wanted) => {
        const { sql, values } = windowQuery(selection, scope, at, end, `t.time, t.source, t.ident, ${CSV_LINE} AS line`);
        const { rows } = await prepared<{ count: number; text: string; ms: number | null; source: string | null; ident: string | null }>(
          pool,
          'replay',
          `WITH w AS (${sql})
           SELECT a.count, a.text, l.ms, l.source, l.ident
             FROM (SELECT count(*)::int AS count, coalesce(string_agg(line, '' ORDER BY time, source, ident), '') AS text FROM w) a
             LEFT JOIN LATERAL (SELECT ${MS}, source::text AS source, ident FROM w t ORDER BY time DESC, source DESC, ident DESC LIMIT 1) l
               ON true`,
          [...values, wanted],
        );
        const { count, text, ms, source, ident } = rows[0]!;
        return { count, last: ms === null ? null : { ms, source: source!, ident: ident! }, part: text };
      });
      return { text: parts.join(''), next };
    },

    /**
     * The whole selection as CSV (its header first), written by PostgreSQL's COPY and streamed from its
     * own connection as the consumer reads: null when no connection is spared for it (see `copySlots`). The connection
     * goes back to the pool when the stream ends; a stream destroyed before its end (the client left) or failed closes
     * it, which ends the COPY in the database.
     */
    async csvCopy(selection: ReplaySelection, scope: ReplayScope): Promise<Readable | null> {
      if (copying >= copySlots) return null;
      copying += 1;
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        copying -= 1;
        throw error;
      }
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        copying -= 1;
        client.release(error);
      };
      try {
        // The pool's statement and query timeouts are for requests; a download lasts as long as the client reads.
        await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${CSV_COPY_TIMEOUT_MS}`);
      } catch (error) {
        release(error as Error);
        throw error;
      }
      const where = conditions(selection, scope, literal);
      where.push(`t.time >= ${utc(literal(selection.from))}`, `t.time < ${utc(literal(selection.to))}`);
      const copy = Object.assign(
        copyOut(
          `COPY (SELECT ${CSV_SELECT} FROM "Track" t WHERE ${where.join(' AND ')} ORDER BY t.time, t.source, t.ident)
             TO STDOUT WITH (FORMAT csv, HEADER)`,
        ),
        { query_timeout: CSV_COPY_TIMEOUT_MS },
      );
      const stream = client.query(copy);
      finished(stream, (error) => {
        if (error) release(error);
        else client.query('COMMIT').then(() => release(), release);
      });
      return stream;
    },

    /** Missions with positions in the selection, latest first, with their span and count. */
    async flights(selection: ReplaySelection, scope: ReplayScope, limit: number) {
      const values: unknown[] = [];
      const where = conditions(selection, scope, parameters(values));
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

    /**
     * Positions of the selection counted by square cells of `cell` degrees, each placed at the mean of its positions
     * (a cell's corner or centre would shift the heatmap off the tracks by up to a cell), densest first.
     */
    async density(selection: ReplaySelection, scope: ReplayScope, cell: number, limit: number) {
      const values: unknown[] = [];
      const where = conditions(selection, scope, parameters(values));
      where.push(`t.time >= ${utc(`$${values.push(selection.from)}`)}`, `t.time < ${utc(`$${values.push(selection.to)}`)}`);
      const size = `$${values.push(cell)}::float8`;
      const { rows } = await prepared<{ lon: number; lat: number; count: number }>(
        pool,
        'replay',
        `SELECT avg(t.lon) AS lon, avg(t.lat) AS lat, count(*)::int AS count
           FROM "Track" t
          WHERE ${where.join(' AND ')}
          GROUP BY floor(t.lon / ${size}), floor(t.lat / ${size})
          ORDER BY 3 DESC
          LIMIT $${values.push(limit + 1)}`,
        values,
      );
      return rows;
    },

    /** The ground stations of the selection's positions (those posted with a station's place), busiest first. */
    async stations(selection: ReplaySelection, scope: ReplayScope, limit: number) {
      const values: unknown[] = [];
      const where = conditions(selection, scope, parameters(values));
      where.push(`t.time >= ${utc(`$${values.push(selection.from)}`)}`, `t.time < ${utc(`$${values.push(selection.to)}`)}`);
      where.push(`t."stationLatitude" IS NOT NULL AND t."stationLongitude" IS NOT NULL`);
      const { rows } = await prepared<{ name: string | null; lat: number; lon: number; positions: number }>(
        pool,
        'replay',
        `SELECT t."stationName" AS name, t."stationLatitude" AS lat, t."stationLongitude" AS lon, count(*)::int AS positions
           FROM "Track" t
          WHERE ${where.join(' AND ')}
          GROUP BY t."stationName", t."stationLatitude", t."stationLongitude"
          ORDER BY 4 DESC, 1
          LIMIT $${values.push(limit + 1)}`,
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
