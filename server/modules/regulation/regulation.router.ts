import {
  areaCountriesBodySchema,
  areaCountriesResultSchema,
  classifyBodySchema,
  classifyResultSchema,
} from '../../../src/shared/contracts/regulation';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { RegulationService } from './regulation.service';

export function regulationRouter(registry: ApiRegistry, regulation: RegulationService) {
  return new ApiRouter(registry, '/api/regulation', 'regulation')
    .route({
      method: 'post',
      path: '/classify',
      summary:
        'Classifies a mission under the regulation of a country (EU, FR, JP, LU, MC) at its date: category, requirements, blockers and ' +
        'every rule evaluated. Takes exactly the facts of regulation.md §8 (an unknown key: 422 naming it), a raw ED-269/ED-318 ' +
        '`geozone` among them. With `area`, the stored geozones the area touches are added to the facts.',
      access: 'signedIn',
      body: classifyBodySchema,
      response: classifyResultSchema,
      status: 200,
      handler: ({ body }) => regulation.classify(body),
    })
    .route({
      method: 'post',
      path: '/countries',
      summary:
        'The countries an area lies in (offline boundaries), the one holding most of it first, each with its regulation (null: not ' +
        'supported); an area in no country: 422 UNSUPPORTED_AREA',
      access: 'signedIn',
      body: areaCountriesBodySchema,
      response: areaCountriesResultSchema,
      status: 200,
      handler: ({ body }) => regulation.countries(body.area),
    }).router;
}
