import { z } from 'zod';
import { postFlightNoteCreateSchema, postFlightSchema, postFlightUpdateSchema } from '../../../src/shared/contracts/post-flights';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { PostFlightsService } from './post-flights.service';

const params = z.object({ missionId: z.uuid('validation:invalid') });
const READ = ['JOURNEY_LIST', 'JOURNEY_LIST_ADMIN'] as const;
const EDIT = ['JOURNEY_EDIT', 'JOURNEY_EDIT_ADMIN'] as const;

/** Post-flight diaries, one per mission (docs/post-flight.md). */
export function postFlightsRouter(registry: ApiRegistry, service: PostFlightsService) {
  return new ApiRouter(registry, '/api/postflights', 'post-flights')
    .route({
      method: 'get',
      path: '/:missionId',
      summary: "The mission's post-flight diary with its notes, history and the flight time its take-offs and tracks propose",
      access: READ,
      params,
      response: postFlightSchema,
      handler: ({ user, params }) => service.get(user, params.missionId),
    })
    .route({
      method: 'put',
      path: '/:missionId',
      summary: 'Save the flight time and the activity; what changed is kept in the history',
      access: EDIT,
      params,
      body: postFlightUpdateSchema,
      response: postFlightSchema,
      handler: ({ user, params, body }) => service.update(user, params.missionId, body),
    })
    .route({
      method: 'post',
      path: '/:missionId/notes',
      summary: 'Add a note, signed with its author and time',
      access: EDIT,
      params,
      body: postFlightNoteCreateSchema,
      response: postFlightSchema,
      status: 201,
      handler: ({ user, params, body }) => service.addNote(user, params.missionId, body.text),
    }).router;
}
