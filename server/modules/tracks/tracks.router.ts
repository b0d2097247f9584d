import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { trackExportQuerySchema, trackImportResultSchema } from '../../../src/shared/contracts/tracks';
import { TRACK_FILE_MAX_BYTES } from '../../../src/shared/domain/limits';
import { TRACK_EXPORT_MEDIA_TYPES } from '../../../src/shared/geo/track-files';
import { ApiRouter } from '../../lib/api-router';
import { diskUpload, readUploadWith } from '../../lib/uploads';
import type { ApiRegistry } from '../../openapi';
import type { TracksService } from './tracks.service';

const params = z.object({ missionId: z.uuid('validation:invalid') });
const READ = ['JOURNEY_LIST', 'JOURNEY_LIST_ADMIN'] as const;
const EDIT = ['JOURNEY_EDIT', 'JOURNEY_EDIT_ADMIN'] as const;

/** A mission's track in and out: a file's import, and KML, GeoJSON or GPX downloads (docs/post-flight.md). */
export function tracksRouter(registry: ApiRegistry, service: TracksService, uploadDir: string) {
  const readUpload = readUploadWith(diskUpload(uploadDir, { maxBytes: TRACK_FILE_MAX_BYTES, fields: 2 }));
  return new ApiRouter(registry, '/api', 'tracks')
    .route({
      method: 'post',
      path: '/postflights/:missionId/track',
      summary:
        'Import a flight\'s track file (multipart field "file": GPX, KML, GeoJSON, CSV with time, lat, lon, height, PX4 .ulg, ArduPilot .bin or MAVLink .tlog) into the mission\'s stored track; ' +
        'a track already stored answers TRACK_ALREADY_EXISTS',
      access: EDIT,
      bodyContentType: 'multipart/form-data',
      before: [readUpload],
      params,
      response: trackImportResultSchema,
      handler: ({ user, params, req }) => service.importFile(user, params.missionId, req.file),
    })
    .route({
      method: 'get',
      path: '/postflights/:missionId/track',
      summary:
        "The mission's stored track as a file to download, streamed as the client reads: KML, GeoJSON or GPX (a route per target); " +
        'past the exports running at once, 429 EXPORT_BUSY',
      access: READ,
      params,
      query: trackExportQuerySchema,
      fileMediaTypes: Object.values(TRACK_EXPORT_MEDIA_TYPES),
      handler: async ({ user, params, query, res }) => {
        const file = await service.exportMission(user, params.missionId, query.format, res);
        res.attachment(file.fileName).type(file.mediaType).setHeader('Cache-Control', 'private, no-store');
        res.status(200);
        try {
          await pipeline(file.body, res);
        } catch {
          // The status is given: a failure, or the client leaving, can only cut the download short.
        }
      },
    }).router;
}
