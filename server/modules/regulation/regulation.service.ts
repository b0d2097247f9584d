import type { AreaCountriesResult, ClassifyBody, ClassifyResult } from '../../../src/shared/contracts/regulation';
import { dayActivity } from '../../../src/shared/geozones/applicability';
import type { AreaGeometry } from '../../../src/shared/geozones/zone';
import { classify, isRegulationError, type GeozoneFact, type MissionFacts } from '../../../src/shared/regulation';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ZonesService } from '../../zones/zones.service';
import { countriesOfArea } from './area-countries';
import { egm96, toGeozoneFact } from './regulation.mapper';

/**
 * Zones are looked up for a flight band of at least 120 m (the open category's ceiling): a prohibited zone starting
 * above the planned height still caps `maxHeightM` in the verdict; the engine itself decides which zones the flight
 * enters (GZ-02).
 */
export const ZONE_LOOKUP_MIN_HEIGHT_M = 120;

export function createRegulationService(options: { zones: ZonesService; clock: Clock }) {
  const { zones, clock } = options;

  async function zonesOfArea(area: NonNullable<ClassifyBody['area']>, facts: MissionFacts): Promise<GeozoneFact[]> {
    const height = Math.max(facts.maxHeightM, ZONE_LOOKUP_MIN_HEIGHT_M);
    if (facts.timeUTC !== undefined) {
      return (await zones.matches(area, height, new Date(`${facts.dateISO}T${facts.timeUTC}Z`))).map(toGeozoneFact);
    }
    // Without the time of day: the zones active all day apply, those not active that day do not; only a zone active
    // part of the day needs the time to tell.
    const ofTheDay = await zones.matches(area, height, { dayISO: facts.dateISO });
    if (ofTheDay.some((match) => dayActivity(match.zone, facts.dateISO) === 'part')) {
      throw new AppError(
        'INSUFFICIENT_DATA',
        'A geozone of the area applies part of the day: the time of the flight (facts.timeUTC) is needed',
        {
          fields: { 'facts.timeUTC': ['validation:required'] },
        },
      );
    }
    return ofTheDay.map(toGeozoneFact);
  }

  return {
    /** The countries the area lies in and their regulations; an area in none answers 422 UNSUPPORTED_AREA. */
    countries(area: AreaGeometry): AreaCountriesResult {
      const countries = countriesOfArea(area);
      if (countries.length === 0) throw new AppError('UNSUPPORTED_AREA', 'The area lies in no country');
      return { countries };
    },

    /** The verdict of the engine for `country`, with the geozones of `area` added to those given in the facts. */
    async classify(request: ClassifyBody): Promise<ClassifyResult> {
      const given = request.facts.geozones ?? [];
      const geozones = request.area ? [...given, ...(await zonesOfArea(request.area, request.facts))] : given;
      const facts: MissionFacts = { ...request.facts, ...(request.area ? { geozones } : {}) };
      try {
        const verdict = classify(request.country, facts, { nowISO: clock.now().toISOString(), geoid: egm96 });
        return { ...verdict, geozones };
      } catch (error) {
        if (!isRegulationError(error)) throw error;
        const fields = Object.fromEntries(error.fields.map((field) => [`facts.${field}`, ['validation:invalid']]));
        throw new AppError(error.code, `Classification refused: ${error.code}`, error.fields.length > 0 ? { fields } : undefined);
      }
    },
  };
}

export type RegulationService = ReturnType<typeof createRegulationService>;
