import { mapSettingsSchema } from '../../../src/shared/contracts/map-settings';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';

export function mapSettingsRouter(registry: ApiRegistry, aerialTilesUrl: string | undefined) {
  return new ApiRouter(registry, '/api/map', 'map').route({
    method: 'get',
    path: '/settings',
    summary: 'The aerial imagery tile URL template (null when none is configured)',
    access: 'signedIn',
    response: mapSettingsSchema,
    handler: () => ({ aerialTilesUrl: aerialTilesUrl ?? null }),
  }).router;
}
