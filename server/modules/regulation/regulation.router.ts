import { classifyRequestSchema, classifyResponseSchema } from '../../../src/shared/contracts/regulation';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { RegulationService } from './regulation.service';

export function regulationRouter(registry: ApiRegistry, regulation: RegulationService) {
  return new ApiRouter(registry, '/api/regulation', 'regulation').route({
    method: 'post',
    path: '/classify',
    summary:
      'Classifies a mission under the regulation of a country (EU, FR, JP, LU, MC) at its date: category, requirements, blockers and ' +
      'every rule evaluated. With `area`, the stored geozones the area touches are added to the facts.',
    access: 'signedIn',
    body: classifyRequestSchema,
    response: classifyResponseSchema,
    status: 200,
    handler: ({ body }) => regulation.classify(body),
  }).router;
}
