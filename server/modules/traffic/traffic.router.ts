import { liveQuerySchema, trafficIngestResultSchema } from '../../../src/shared/contracts/traffic';
import { AppError } from '../../lib/app-error';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { TrafficIngest } from './traffic.ingest';
import type { LiveHub } from './traffic.live';

/** Traffic in (`POST /api/traffics/`, session or API key) and out (the live map's event stream). */
export function trafficRouter(registry: ApiRegistry, ingest: TrafficIngest, live: LiveHub) {
  return new ApiRouter(registry, '/api/traffics', 'traffic')
    .route({
      method: 'post',
      path: '/',
      summary:
        'Spec §3 traffic post: with a session one position (own position, own trackers); with the header X-Api-Key one position or { positions } (trackers, stations). Refused positions come back with their index',
      access: 'public',
      response: trafficIngestResultSchema,
      handler: async ({ user, req }) => {
        const body: unknown = req.body;
        const apiKey = req.get('x-api-key');
        if (apiKey) return ingest.ingest(await ingest.senderOfApiKey(apiKey), body);
        if (!user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
        return ingest.ingest({ kind: 'session', userId: user.id }, body);
      },
    })
    .route({
      method: 'get',
      path: '/live',
      summary:
        'Server-Sent Events of the live map in `bbox=west,south,east,north`: `snapshot`, then `delta` and `violation`, heartbeat comments (docs/live-traffic.md)',
      access: 'signedIn',
      query: liveQuerySchema,
      handler: ({ user, query, req, res }) => live.connect(user, req.tokenVersion!, query.bbox, res),
    }).router;
}
