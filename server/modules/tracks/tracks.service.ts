import { readFile } from 'node:fs/promises';
import { DOMParser } from '@xmldom/xmldom';
import type { TrackImportResult } from '../../../src/shared/contracts/tracks';
import {
  exportTrack,
  parseTrackFile,
  TRACK_EXPORT_MEDIA_TYPES,
  TrackFileError,
  trackFormatOf,
  type TrackExportFormat,
} from '../../../src/shared/geo/track-files';
import type { ParseXml } from '../../../src/shared/geo/import-shapes';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { UploadedFile } from '../../lib/uploads';
import type { PostFlightsService } from '../post-flights/post-flights.service';
import type { TracksRepository } from './tracks.repository';

/** An imported file is stored as the positions of one target per mission: source mobile (the pilot's logger). */
const IMPORT_SOURCE = 'mo';
export const importIdent = (missionId: string) => `file:${missionId}`;

/**
 * The server has no DOM: KML and GPX are read with xmldom, which throws on XML that is not well-formed (its reports
 * go nowhere instead of the console: the refusal is the answer).
 */
const parseXmlDocument: ParseXml = (text) =>
  new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml') as unknown as Document;

export function createTracksService(deps: { repository: TracksRepository; diaries: PostFlightsService; parseXml?: ParseXml }) {
  const { repository, diaries, parseXml = parseXmlDocument } = deps;

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
      if (!format) throw new AppError('UPLOAD_INVALID_TYPE', 'A track file is GPX, KML, GeoJSON or CSV');
      let points;
      try {
        points = parseTrackFile(await readFile(file.path, 'utf8'), format, parseXml);
      } catch (error) {
        if (error instanceof TrackFileError) throw new AppError(error.code, error.message);
        throw error;
      }
      const stored = await repository.importTrack({
        source: IMPORT_SOURCE,
        ident: importIdent(mission.id),
        userId: mission.userId,
        missionId: mission.id,
        points,
      });
      if (!stored) throw new AppError('TRACK_ALREADY_EXISTS', "This track's positions are already stored for the mission");
      await diaries.record(actor, mission.id, { field: 'track', from: null, to: `${file.originalname} (${points.length})` });
      return {
        fileName: file.originalname,
        positions: points.length,
        firstAt: points[0]!.time.toISOString(),
        lastAt: points[points.length - 1]!.time.toISOString(),
      };
    },

    /** A mission's stored track as a file, for those who may read its diary. */
    async exportMission(actor: AuthUser, missionId: string, format: TrackExportFormat) {
      const mission = await diaries.findMission(actor, missionId, 'read');
      const positions = await repository.missionTrack(mission.id);
      const body = exportTrack(positions, format, mission.title);
      const base = mission.title.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'track';
      return { body, mediaType: TRACK_EXPORT_MEDIA_TYPES[format], fileName: `${base}.${format}` };
    },
  };
}

export type TracksService = ReturnType<typeof createTracksService>;
