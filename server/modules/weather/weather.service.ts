import { centroid } from '@turf/turf';
import type { MissionAreas } from '../../../src/shared/contracts/missions';
import { AERODROMES_VIEW_MAX, type AerodromeCategories, type MissionWeather } from '../../../src/shared/contracts/weather';
import type { FlightCategory } from '../../../src/shared/domain/weather';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Logger } from '../../lib/logger';
import type { AerodromeIndex } from '../../integrations/weather/aerodromes';
import type { TafSource } from '../../integrations/weather/taf-source';
import { decodeTafAt } from './taf-decode';

/** Beyond this distance an aerodrome's forecast says nothing of the mission's weather (docs/weather.md). */
export const WEATHER_STATION_MAX_DISTANCE_KM = 60;

export function createWeatherService(deps: {
  source: TafSource;
  aerodromes: AerodromeIndex;
  logger: Logger;
  findMission: (actor: AuthUser, id: string) => Promise<{ areas: unknown; startAt: Date | null }>;
}) {
  const { source, aerodromes, logger, findMission } = deps;

  /** The nearest aerodrome's forecast decoded at `at`; throws the error the mission's weather answers with. */
  async function forecast(areas: MissionAreas, at: Date) {
    const [lon, lat] = centroid(areas).geometry.coordinates as [number, number];
    const nearest = aerodromes.nearest(lon, lat, WEATHER_STATION_MAX_DISTANCE_KM);
    if (!nearest) {
      throw new AppError('NO_WEATHER_STATION', 'No aerodrome publishing a forecast is near the mission');
    }
    const report = await source.latest(nearest.station.icao);
    if (!report) throw new AppError('NO_WEATHER_FORECAST', 'No weather forecast at the flight date');
    const decoded = decodeTafAt(report.raw, report.issuedAt, at);
    if (!decoded.ok) {
      if (decoded.reason === 'unreadable') logger.warn({ icao: report.icao, raw: report.raw }, 'TAF could not be read');
      throw new AppError('NO_WEATHER_FORECAST', 'No weather forecast at the flight date');
    }
    return { nearest, report, taf: decoded.taf };
  }

  return {
    /** The forecast category at `at` over the areas (the take-off check); null where there is no forecast. */
    async categoryAt(areas: MissionAreas, at: Date): Promise<{ icao: string; category: FlightCategory } | null> {
      if (!areas.coordinates.length) return null;
      try {
        const { nearest, taf } = await forecast(areas, at);
        return { icao: nearest.station.icao, category: taf.worstCategory };
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    },

    /**
     * The map's TAF layer (docs/weather.md "Map layer"): each aerodrome in the box with the worst category its latest TAF
     * forecasts at `at`; null where it has none valid then or the source cannot say.
     */
    async categoriesInView(bbox: readonly [number, number, number, number], at: Date): Promise<AerodromeCategories> {
      const stations = aerodromes.inBox(...bbox, AERODROMES_VIEW_MAX);
      const items = await Promise.all(
        stations.map(async (station) => {
          const base = { icao: station.icao, name: station.name, lon: station.lon, lat: station.lat };
          try {
            const report = await source.latest(station.icao);
            const decoded = report ? decodeTafAt(report.raw, report.issuedAt, at) : null;
            return { ...base, category: decoded?.ok ? decoded.taf.worstCategory : null, recorded: report?.recorded ?? false };
          } catch (error) {
            if (error instanceof AppError) return { ...base, category: null, recorded: false };
            throw error;
          }
        }),
      );
      return { items };
    },

    /** The forecast of the aerodrome nearest to the mission, at the mission's start. */
    async forMission(actor: AuthUser, id: string): Promise<MissionWeather> {
      const mission = await findMission(actor, id);
      const areas = mission.areas as MissionAreas | null;
      if (!areas?.coordinates.length) throw new AppError('MISSION_NO_AREA', 'The mission has no flight area');
      if (!mission.startAt) throw new AppError('NO_WEATHER_FORECAST', 'The mission has no flight date');
      const at = mission.startAt;
      const { nearest, report, taf } = await forecast(areas, at);
      return {
        station: { icao: nearest.station.icao, name: nearest.station.name, distanceKm: Math.round(nearest.distanceKm * 10) / 10 },
        raw: report.raw,
        metar: report.metar,
        issuedAt: report.issuedAt.toISOString(),
        validFrom: taf.validFrom.toISOString(),
        validTo: taf.validTo.toISOString(),
        at: at.toISOString(),
        prevailing: taf.prevailing,
        supplemental: taf.supplemental,
        worstCategory: taf.worstCategory,
        groups: taf.groups,
        recorded: report.recorded,
      };
    },
  };
}
export type WeatherService = ReturnType<typeof createWeatherService>;
