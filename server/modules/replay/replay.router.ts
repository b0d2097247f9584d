import { pipeline } from 'node:stream/promises';
import {
  REPLAY_CSV_COLUMNS,
  REPLAY_EXPORT_MAX,
  replayDensityQuerySchema,
  replayDensitySchema,
  replayExportQuerySchema,
  replayFlightsSchema,
  replayPageQuerySchema,
  replayPageSchema,
  replaySelectionSchema,
  replayStationsSchema,
} from '../../../src/shared/contracts/replay';
import { TRACK_EXPORT_MEDIA_TYPES } from '../../../src/shared/geo/track-files';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { ReplayService } from './replay.service';

const READ = ['JOURNEY_LIST', 'JOURNEY_LIST_ADMIN'] as const;

/** Replay and extraction of stored tracks (docs/post-flight.md "Replay"). */
export function replayRouter(registry: ApiRegistry, service: ReplayService) {
  return new ApiRouter(registry, '/api/replay', 'replay')
    .route({
      method: 'get',
      path: '/flights',
      summary: 'Missions with stored positions in the period (and mission, account, source, area), latest first',
      access: READ,
      query: replaySelectionSchema,
      response: replayFlightsSchema,
      handler: ({ user, query }) => service.flights(user, query),
    })
    .route({
      method: 'get',
      path: '/positions',
      summary: 'One page of the selected positions in time order, by columns; `next` asks for the following page',
      access: READ,
      query: replayPageQuerySchema,
      response: replayPageSchema,
      handler: ({ user, query }) => service.page(user, query),
    })
    .route({
      method: 'get',
      path: '/density',
      summary: 'The heatmap of the selection: positions counted in square cells of `cell` degrees, densest first',
      access: READ,
      query: replayDensityQuerySchema,
      response: replayDensitySchema,
      handler: ({ user, query }) => service.density(user, query),
    })
    .route({
      method: 'get',
      path: '/stations',
      summary: "The ground stations that received the selection's positions, where they stand, busiest first",
      access: READ,
      query: replaySelectionSchema,
      response: replayStationsSchema,
      handler: ({ user, query }) => service.stations(user, query),
    })
    .route({
      method: 'get',
      path: '/track',
      summary: `The selection as a file to download: KML, GeoJSON or GPX (a route per target); ${REPLAY_EXPORT_MAX} positions at most`,
      access: READ,
      query: replayExportQuerySchema,
      fileMediaTypes: Object.values(TRACK_EXPORT_MEDIA_TYPES),
      handler: async ({ user, query, res }) => {
        const file = await service.exportSelection(user, query);
        res.attachment(file.fileName).type(file.mediaType).setHeader('Cache-Control', 'private, no-store');
        res.status(200).send(file.body);
      },
    })
    .route({
      method: 'get',
      path: '/positions.csv',
      summary: `The whole selection as CSV, streamed as the client reads (${REPLAY_CSV_COLUMNS.join(', ')})`,
      access: READ,
      query: replaySelectionSchema,
      fileMediaTypes: ['text/csv'],
      handler: async ({ user, query, res }) => {
        const csv = await service.csv(user, query, res);
        res.status(200).set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="replay.csv"',
          // Not compressed here: gzip would hold its own buffers and drain listeners per write; a reverse proxy may.
          'Cache-Control': 'no-store, no-transform',
        });
        try {
          await pipeline(csv, res);
        } catch {
          // The status is given: a failure, or the client leaving, can only cut the download short (the pipeline
          // destroys both ends, which ends the reading).
        }
      },
    }).router;
}
