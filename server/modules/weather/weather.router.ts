import { idParamsSchema } from '../../../src/shared/contracts/common';
import {
  aerodromeCategoriesQuerySchema,
  aerodromeCategoriesSchema,
  missionWeatherSchema,
  weatherSettingsSchema,
} from '../../../src/shared/contracts/weather';
import { RAIN_RADAR_REFRESH_MINUTES } from '../../../src/shared/domain/weather';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { WeatherService } from './weather.service';

export function missionWeatherRouter(registry: ApiRegistry, service: WeatherService) {
  return new ApiRouter(registry, '/api/preflights', 'missions').route({
    method: 'get',
    path: '/:id/weather',
    summary:
      "The TAF of the aerodrome nearest to the mission, decoded at the mission's start with its flight category; none valid then: 422 NO_WEATHER_FORECAST",
    access: ['PREFLIGHT_LIST', 'PREFLIGHT_LIST_ADMIN'],
    params: idParamsSchema,
    response: missionWeatherSchema,
    handler: ({ user, params }) => service.forMission(user, params.id),
  }).router;
}

export function weatherSettingsRouter(registry: ApiRegistry, rainRadarUrl: string | undefined, service: WeatherService) {
  return new ApiRouter(registry, '/api/weather', 'weather')
    .route({
      method: 'get',
      path: '/settings',
      summary: 'The rain radar tile URL template (null when none is configured) and its refresh period',
      access: 'signedIn',
      response: weatherSettingsSchema,
      handler: () => ({ rainRadarUrl: rainRadarUrl ?? null, rainRadarRefreshMinutes: RAIN_RADAR_REFRESH_MINUTES }),
    })
    .route({
      method: 'get',
      path: '/aerodromes',
      summary: 'The TAF category at `at` of the aerodromes in the box (at most 3° a side, 25 aerodromes): the map layer',
      access: 'signedIn',
      query: aerodromeCategoriesQuerySchema,
      response: aerodromeCategoriesSchema,
      handler: ({ query }) => service.categoriesInView(query.bbox, new Date(query.at)),
    }).router;
}
