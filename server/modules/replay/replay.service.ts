import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import {
  REPLAY_CSV_COLUMNS,
  REPLAY_DENSITY_CELL_DEFAULT,
  REPLAY_DENSITY_CELLS_MAX,
  REPLAY_EXPORT_MAX,
  REPLAY_PAGE_MAX,
  REPLAY_STATIONS_MAX,
  type ReplayStations,
  type ReplayExportQuery,
  type ReplayDensity,
  type ReplayDensityQuery,
  REPLAY_FLIGHTS_MAX,
  REPLAY_PAGE_DEFAULT,
  type ReplayFlights,
  type ReplayPage,
  type ReplayPageQuery,
  type ReplaySelection,
  type ReplayTarget,
} from '../../../src/shared/contracts/replay';
import { TRACK_EXPORT_MEDIA_TYPES, type TrackExportPoint } from '../../../src/shared/geo/track-files';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { WorkLimit } from '../../lib/work-limit';
import { pilotScope, type MissionReach } from '../missions/mission-reach';
import { exportTrack } from '../tracks/track-export';
import type { RecordOwners } from '../users/record-owner';
import type { ReplayCursor, ReplayRepository, ReplayScope } from './replay.repository';

/** Rows read per query of the CSV extraction: what the server holds at once, whatever the selection. */
const CSV_PAGE = 10_000;

const cursorSchema = z.object({
  t: z.number().int(),
  s: z.string().max(8).optional(),
  i: z.string().max(64).optional(),
  w: z.number().int().min(1_000),
});

const encodeCursor = (cursor: ReplayCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string, selection: ReplaySelection): ReplayCursor {
  let cursor: ReplayCursor;
  try {
    cursor = cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString()));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { after: ['validation:invalid'] } });
  }
  const span = Date.parse(selection.to) - Date.parse(selection.from);
  return { ...cursor, t: Math.max(cursor.t, Date.parse(selection.from)), w: Math.min(cursor.w, span) };
}

/**
 * Replay of stored tracks (docs/post-flight.md "Replay"): JOURNEY_LIST_ADMIN reads every position; JOURNEY_LIST the
 * positions of its account (its own and its trackers', a supervised pilot's operator's) and of the account's missions
 * (a supervised pilot's: of the missions it may read).
 */
export function createReplayService(deps: {
  repository: ReplayRepository;
  owners: RecordOwners;
  missionReach: MissionReach;
  /** The exports and CSV extractions running at once, per user and overall (429 EXPORT_BUSY past them). */
  exports: WorkLimit;
}) {
  const { repository, owners, missionReach, exports } = deps;

  async function scopeOf(actor: AuthUser, selection: ReplaySelection): Promise<ReplayScope> {
    let scope: ReplayScope;
    if (actor.rights.has('JOURNEY_LIST_ADMIN')) scope = { all: true };
    else {
      const ownerId = await owners.ownerId(actor, { kind: 'own' });
      scope = { all: false, ownerId, accountIds: [...new Set([actor.id, ownerId])], pilotId: pilotScope(actor, 'read') };
      if (selection.userId && !scope.accountIds.includes(selection.userId))
        throw new AppError('NOT_ALLOWED', "Not allowed to replay another account's tracks");
    }
    if (selection.missionId) {
      const owner = await repository.missionOwner(selection.missionId);
      if (!owner || (!scope.all && owner !== scope.ownerId)) throw new AppError('NOT_FOUND', 'Unknown mission');
      await missionReach.check(actor, selection.missionId, 'read');
    }
    return scope;
  }

  return {
    async page(actor: AuthUser, query: ReplayPageQuery): Promise<ReplayPage> {
      const scope = await scopeOf(actor, query);
      const cursor = query.after ? decodeCursor(query.after, query) : null;
      const { rows, next } = await repository.page(query, scope, cursor, query.limit ?? REPLAY_PAGE_DEFAULT);
      const targets: ReplayTarget[] = [];
      const indexes = new Map<string, number>();
      const page: ReplayPage = {
        targets,
        target: [],
        time: [],
        lon: [],
        lat: [],
        height: [],
        speed: [],
        rssi: [],
        gpsSatellites: [],
        next: next && encodeCursor(next),
      };
      for (const row of rows) {
        const key = `${row.source}|${row.ident}|${row.missionId ?? ''}`;
        let index = indexes.get(key);
        if (index === undefined) {
          index = targets.push({ source: row.source, ident: row.ident, type: row.type, missionId: row.missionId } as ReplayTarget) - 1;
          indexes.set(key, index);
        }
        page.target.push(index);
        page.time.push(row.ms);
        page.lon.push(row.lon);
        page.lat.push(row.lat);
        page.height.push(row.heightM);
        page.speed.push(row.speedMs);
        page.rssi.push(row.rssi);
        page.gpsSatellites.push(row.gpsSatellites);
      }
      return page;
    },

    /** The heatmap of the selection, counted by the database: its cost does not follow the number of positions sent. */
    async density(actor: AuthUser, query: ReplayDensityQuery): Promise<ReplayDensity> {
      const scope = await scopeOf(actor, query);
      const cell = query.cell ?? REPLAY_DENSITY_CELL_DEFAULT;
      const rows = await repository.density(query, scope, cell, REPLAY_DENSITY_CELLS_MAX);
      const kept = rows.slice(0, REPLAY_DENSITY_CELLS_MAX);
      return {
        cell,
        lon: kept.map((row) => row.lon),
        lat: kept.map((row) => row.lat),
        count: kept.map((row) => row.count),
        truncated: rows.length > REPLAY_DENSITY_CELLS_MAX,
      };
    },

    async stations(actor: AuthUser, selection: ReplaySelection): Promise<ReplayStations> {
      const scope = await scopeOf(actor, selection);
      const rows = await repository.stations(selection, scope, REPLAY_STATIONS_MAX);
      return { items: rows.slice(0, REPLAY_STATIONS_MAX), truncated: rows.length > REPLAY_STATIONS_MAX };
    },

    async flights(actor: AuthUser, selection: ReplaySelection): Promise<ReplayFlights> {
      const scope = await scopeOf(actor, selection);
      const rows = await repository.flights(selection, scope, REPLAY_FLIGHTS_MAX);
      return {
        items: rows.map((row) => ({ ...row, first: row.first.toISOString(), last: row.last.toISOString() })),
      };
    },

    /**
     * The selection as a KML, GeoJSON or GPX file, one line per target. These formats are written whole, so the
     * selection is read page by page up to REPLAY_EXPORT_MAX positions and refused beyond (the CSV streams any size).
     */
    async exportSelection(actor: AuthUser, query: ReplayExportQuery) {
      const { format, ...selection } = query;
      const scope = await scopeOf(actor, selection);
      const release = exports.acquire(actor.id);
      try {
        const positions: TrackExportPoint[] = [];
        let cursor: ReplayCursor | null = null;
        do {
          const page = await repository.page(selection, scope, cursor, REPLAY_PAGE_MAX);
          if (positions.length + page.rows.length > REPLAY_EXPORT_MAX)
            throw new AppError('REPLAY_EXPORT_TOO_LARGE', `A selection exports ${REPLAY_EXPORT_MAX} positions at most`, {
              max: REPLAY_EXPORT_MAX,
            });
          for (const row of page.rows)
            positions.push({
              source: row.source,
              ident: row.ident,
              time: new Date(row.ms),
              lat: row.lat,
              lon: row.lon,
              heightM: row.heightM,
              rssi: row.rssi,
              gpsSatellites: row.gpsSatellites,
            });
          cursor = page.next;
          // Other requests are served between pages (the embedded database runs on this thread).
          await nextTurn();
        } while (cursor);
        return {
          body: await exportTrack(positions, format, 'Aerogate replay'),
          mediaType: TRACK_EXPORT_MEDIA_TYPES[format],
          fileName: `replay.${format}`,
        };
      } finally {
        release();
      }
    },

    /**
     * The selection as CSV, streamed as the client reads, the rights checked before anything is read: PostgreSQL's COPY
     * on a connection of its own when one is spared, else (PGlite's single connection, or every spared one busy) the
     * selection read page by page, the connection free between pages however slowly the client reads.
     */
    /** `client`: the download's destination; its slot is freed as soon as it closes (the client left or was served). */
    async csv(
      actor: AuthUser,
      selection: ReplaySelection,
      client: { once(event: 'close', listener: () => void): unknown },
    ): Promise<Readable> {
      const scope = await scopeOf(actor, selection);
      const release = exports.acquire(actor.id);
      try {
        const stream =
          (await repository.csvCopy(selection, scope)) ??
          Readable.from(
            (async function* () {
              yield REPLAY_CSV_COLUMNS.join(',') + '\n';
              let cursor: ReplayCursor | null = null;
              do {
                const page = await repository.csvPage(selection, scope, cursor, CSV_PAGE);
                if (page.text) yield page.text;
                cursor = page.next;
                await nextTurn();
              } while (cursor);
            })(),
            // One page waits at most for the client (Readable.from's default is 16).
            { highWaterMark: 1 },
          );
        // The slot is held while the client downloads, and freed however the download ends.
        stream.once('close', release);
        client.once('close', release);
        return stream;
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

export type ReplayService = ReturnType<typeof createReplayService>;
