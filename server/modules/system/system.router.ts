import { healthResponseSchema, statusResponseSchema } from '../../../src/shared/contracts/system';
import type { Config } from '../../config/env';
import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../lib/app-error';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';

export function systemRouter(registry: ApiRegistry, prisma: PrismaClient, config: Config) {
  return new ApiRouter(registry, '/api', 'system')
    .route({
      method: 'get',
      path: '/health',
      summary: 'Liveness: 200 when the database answers, 503 DATABASE_UNAVAILABLE otherwise',
      access: 'public',
      response: healthResponseSchema,
      handler: async () => {
        try {
          await prisma.$queryRaw`SELECT 1`;
        } catch {
          throw new AppError('DATABASE_UNAVAILABLE', 'The database does not answer');
        }
        return { status: 'ok' as const };
      },
    })
    .route({
      method: 'get',
      path: '/status',
      summary: 'Public platform status for the SPA: maintenance and deployment settings',
      access: 'public',
      response: statusResponseSchema,
      handler: () => ({
        maintenance: config.maintenance,
        maintenanceMessage: config.maintenanceMessage,
        devicesEmailDomain: config.devicesEmailDomain,
      }),
    }).router;
}
