import { z } from 'zod';
import { idParamsSchema } from '../../../src/shared/contracts/common';
import {
  temporaryRestrictionInputSchema,
  temporaryRestrictionPreviewSchema,
  temporaryRestrictionSchema,
} from '../../../src/shared/contracts/temporary-restrictions';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { TemporaryRestrictionsService } from './temporary-restrictions.service';

const READERS = ['PREFLIGHTPROCEDURE_LIST', 'AIRSPACE_LIST_ADMIN', 'AIRSPACE_EDIT_ADMIN'] as const;
const PUBLISHERS = ['PREFLIGHTPROCEDURE_EDIT', 'AIRSPACE_EDIT_ADMIN'] as const;

/** Temporary restrictions published by airspace managers (docs/airspace-manager.md). */
export function temporaryRestrictionsRouter(registry: ApiRegistry, service: TemporaryRestrictionsService) {
  return new ApiRouter(registry, '/api/temporary-restrictions', 'airspaces')
    .route({
      method: 'get',
      path: '/',
      summary: "The temporary restrictions of the manager's airspaces (every one for an administrator), the latest start first",
      access: READERS,
      response: z.array(temporaryRestrictionSchema),
      handler: ({ user }) => service.list(user),
    })
    .route({
      method: 'post',
      path: '/preview',
      summary: 'The accepted or pending missions of the airspace a restriction would meet in area, heights and time, before publishing it',
      access: PUBLISHERS,
      body: temporaryRestrictionInputSchema,
      response: temporaryRestrictionPreviewSchema,
      status: 200,
      handler: ({ user, body }) => service.preview(user, body),
    })
    .route({
      method: 'post',
      path: '/',
      summary:
        'Publishes a temporary restriction in an airspace the caller manages: a prohibited geozone for everyone; the missions it meets are re-checked',
      access: PUBLISHERS,
      body: temporaryRestrictionInputSchema,
      response: temporaryRestrictionSchema,
      status: 201,
      handler: ({ user, body }) => service.publish(user, body),
    })
    .route({
      method: 'post',
      path: '/:id/end',
      summary: 'Ends a temporary restriction now: its geozone is removed',
      access: PUBLISHERS,
      params: idParamsSchema,
      response: temporaryRestrictionSchema,
      status: 200,
      handler: ({ user, params }) => service.end(user, params.id),
    }).router;
}
