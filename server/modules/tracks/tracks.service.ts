import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TrackImportResult } from '../../../src/shared/contracts/tracks';
import { TRACK_EXPORT_MEDIA_TYPES, trackFormatOf, type TrackExportFormat } from '../../../src/shared/geo/track-files';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { UploadedFile } from '../../lib/uploads';
import type { WorkLimit } from '../../lib/work-limit';
import type { PostFlightsService } from '../post-flights/post-flights.service';
import { flightSummary } from './flight-summary';
import { writeTrackExport, type TrackExportTarget } from './track-export';
import type { TrackReaderPool } from './track-reader-pool';
import type { TracksRepository } from './tracks.repository';

/** An imported file is stored as the positions of one target per mission: source mobile (the pilot's logger). */
const IMPORT_SOURCE = 'mo';
export const importIdent = (missionId: string) => `file:${missionId}`;

/** Positions read per query of an export: what the server holds at once, whatever the mission's length. */
const EXPORT_PAGE = 5_000;

export function createTracksService(deps: {
  repository: TracksRepository;
  diaries: PostFlightsService;
  readers: TrackReaderPool;
  /** The exports running at once, per user and overall (429 EXPORT_BUSY past them). */
  exports: WorkLimit;
}) {
  const { repository, diaries, readers, exports } = deps;

  return {
    /**
     * Adds a track file's positions to a flown mission's stored track, once: a file whose positions are already
     * stored for the mission answers TRACK_ALREADY_EXISTS and stores nothing. The import enters the diary's history.
     */
    async importFile(actor: AuthUser, missionId: string, file: UploadedFile | undefined): Promise<TrackImportResult> {
      const mission = await diaries.findMission(actor, missionId, 'edit');
      diaries.checkFlown(mission);
      if (!file) throw new AppError('UPLOAD_FILE_REQUIRED', 'Send the track file in the field "file"');
      const format = trackFormatOf(file.originalname);
      if (!format)
        throw new AppError(
          'UPLOAD_INVALID_TYPE',
          'A track file is GPX, KML, GeoJSON, CSV, a PX4 log (.ulg), an ArduPilot log (.bin) or a MAVLink telemetry log (.tlog)',
        );
      const track = await readers.read(file.path, format);
      const positions = track.times.length;
      const stored = await repository.importTrack({
        source: IMPORT_SOURCE,
        ident: importIdent(mission.id),
        userId: mission.userId,
        missionId: mission.id,
        track,
      });
      if (!stored) throw new AppError('TRACK_ALREADY_EXISTS', "This track's positions are already stored for the mission");
      await diaries.record(actor, mission.id, { field: 'track', from: null, to: `${file.originalname} (${positions})` });
      return {
        fileName: file.originalname,
        positions,
        firstAt: new Date(track.times[0]!).toISOString(),
        lastAt: new Date(track.times[positions - 1]!).toISOString(),
        flight: flightSummary(track, mission),
      };
    },

    /**
     * A mission's stored track as a file, for those who may read its diary, written as the client reads: each target
     * read page by page (a file of 31 days is never held whole), other requests served between pages. The export
     * holds a slot of the export bound while the client downloads; `client` closing frees it however the download ends.
     */
    async exportMission(
      actor: AuthUser,
      missionId: string,
      format: TrackExportFormat,
      client: { once(event: 'close', listener: () => void): unknown },
    ) {
      const mission = await diaries.findMission(actor, missionId, 'read');
      const release = exports.acquire(actor.id);
      try {
        const targets = await repository.missionTargets(mission.id);
        const points = async function* (target: TrackExportTarget) {
          let after: number | null = null;
          for (;;) {
            const page = await repository.missionPoints(mission.id, target, after, EXPORT_PAGE);
            if (page.length) yield page;
            if (page.length < EXPORT_PAGE) return;
            after = page.at(-1)!.time.getTime();
            await nextTurn();
          }
        };
        // One page waits at most for the client: a slow reader holds no more of the file (Readable.from's default is 16).
        const body = Readable.from(writeTrackExport({ targets, points }, format, mission.title), { highWaterMark: 1 });
        body.once('close', release);
        client.once('close', release);
        const base = mission.title.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'track';
        return { body, mediaType: TRACK_EXPORT_MEDIA_TYPES[format], fileName: `${base}.${format}` };
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

export type TracksService = ReturnType<typeof createTracksService>;
