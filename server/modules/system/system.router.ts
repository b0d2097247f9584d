import {
  healthResultSchema,
  liveResultSchema,
  readyResultSchema,
  statusResultSchema,
  type ReadyResult,
} from '../../../src/shared/contracts/system';
import type { Config } from '../../config/env';
import type { AdsbStatus } from '../../integrations/adsb/sbs-connector';
import { ApiRouter } from '../../lib/api-router';
import type { DatabaseStatus } from '../../lib/database-status';
import type { ApiRegistry } from '../../openapi';

export function systemRouter(
  registry: ApiRegistry,
  database: DatabaseStatus,
  config: Config,
  ready: () => Promise<ReadyResult>,
  adsb: () => AdsbStatus | null = () => null,
) {
  return new ApiRouter(registry, '/api', 'system')
    .route({
      method: 'get',
      path: '/health/live',
      summary: 'Liveness for an orchestrator: 200 while the process answers, whatever the state of the database',
      access: 'public',
      response: liveResultSchema,
      handler: () => ({ status: 'ok' as const }),
    })
    .route({
      method: 'get',
      path: '/health/ready',
      summary:
        'Readiness for a load balancer: 200 when the database answers, holds every migration and the bus (REDIS_URL) is connected; 503 DATABASE_UNAVAILABLE or NOT_READY otherwise',
      access: 'public',
      response: readyResultSchema,
      handler: ready,
    })
    .route({
      method: 'get',
      path: '/health',
      summary:
        'Health as before /health/live and /health/ready: 200 when the database answers, 503 DATABASE_UNAVAILABLE (with Retry-After) otherwise, within a second; the ADS-B receiver state when configured',
      access: 'public',
      response: healthResultSchema,
      handler: async () => {
        await database.check();
        const receiver = adsb();
        return receiver ? { status: 'ok' as const, adsb: receiver } : { status: 'ok' as const };
      },
    })
    .route({
      method: 'get',
      path: '/status',
      summary: 'Public platform status for the SPA: maintenance and deployment settings',
      access: 'public',
      response: statusResultSchema,
      handler: () => ({
        maintenance: config.maintenance,
        maintenanceMessage: config.maintenanceMessage,
        devicesEmailDomain: config.devicesEmailDomain,
      }),
    }).router;
}
