import type { Router } from 'express';
import { TRACK_FILE_MAX_POINTS } from '../../src/shared/domain/limits';
import type { AppContext } from '../context';
import { uploadsDir } from '../lib/uploads';
import { createWorkLimit } from '../lib/work-limit';
import { createLogbookRepository } from '../modules/logbook/logbook.repository';
import { logbookRouter } from '../modules/logbook/logbook.router';
import { createLogbookService } from '../modules/logbook/logbook.service';
import { createPostFlightsRepository } from '../modules/post-flights/post-flights.repository';
import { postFlightsRouter } from '../modules/post-flights/post-flights.router';
import { createPostFlightsService } from '../modules/post-flights/post-flights.service';
import { createReplayRepository } from '../modules/replay/replay.repository';
import { replayRouter } from '../modules/replay/replay.router';
import { createReplayService } from '../modules/replay/replay.service';
import { createTrackReaderPool } from '../modules/tracks/track-reader-pool';
import { createTracksRepository } from '../modules/tracks/tracks.repository';
import { tracksRouter } from '../modules/tracks/tracks.router';
import { createTracksService } from '../modules/tracks/tracks.service';
import type { ApiRegistry } from '../openapi';
import type { Records } from './records';

/** Two files read at once, four waiting; 128 MB and 60 s each at most (docs/security.md "Uploads"). */
const TRACK_READERS = { concurrency: 2, queue: 4, maxPoints: TRACK_FILE_MAX_POINTS, heapMb: 128, timeoutMs: 60_000, idleMs: 30_000 };

/** After the flight: the diaries, the logbook, the recorded tracks and their replay (docs/post-flight.md). */
export function buildPostFlight(ctx: AppContext, registry: ApiRegistry, records: Records) {
  const { owners, missionReach } = records;
  const { prisma, pool, clock } = ctx;
  // Exports (the replay's, a mission's track, the logbook's CSV) read many rows: half the pool at once overall (two on the
  // embedded database's one connection), one per user there, two on a server (docs/performance.md "Exports and replay").
  const exports = createWorkLimit({
    total: Math.max(2, Math.floor(pool.options.max / 2)),
    perUser: pool.options.max > 1 ? 2 : 1,
    retryAfterSeconds: 5,
  });
  const postFlights = createPostFlightsService({ repository: createPostFlightsRepository(prisma), owners, clock });
  const routers: Router[] = [
    postFlightsRouter(registry, postFlights),
    logbookRouter(registry, createLogbookService({ repository: createLogbookRepository(prisma), owners, exports })),
    tracksRouter(
      registry,
      createTracksService({
        repository: createTracksRepository(pool),
        diaries: postFlights,
        readers: createTrackReaderPool(TRACK_READERS),
        exports,
      }),
      uploadsDir(ctx.config.dataDir),
    ),
    replayRouter(registry, createReplayService({ repository: createReplayRepository(pool), owners, missionReach, exports })),
  ];
  return { routers };
}
