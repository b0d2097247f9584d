import {
  CloudQuantity,
  DistanceUnit,
  getCompositeForecastForDate,
  parseTAFAsForecast,
  SpeedUnit,
  WeatherChangeType,
  type IForecastContainer,
} from 'metar-taf-parser';
import type { ForecastGroup, WeatherConditions } from '../../../src/shared/contracts/weather';
import {
  flightCategory,
  TAF_VALIDITY_MAX_HOURS,
  TAF_VALIDITY_MIN_HOURS,
  worstCategory,
  type FlightCategory,
} from '../../../src/shared/domain/weather';

type Forecast = IForecastContainer['forecast'][number];

const STATUTE_MILE_M = 1609.344;
const KT_PER_MPS = 1.943844;
const KT_PER_KMH = 0.539957;
/** What CAVOK promises: visibility 10 km or more and no cloud below 5,000 ft. */
const CAVOK_VISIBILITY_M = 10_000;

/** The elements a group states; a BECMG group states only what changes, the rest carries on. */
interface Stated {
  ceilingFt?: number | null;
  visibilityM?: number | null;
  cavok?: boolean;
  wind?: { directionDeg: number | null; speedKt: number | null; gustKt: number | null };
  phenomena?: string[];
}

function statedOf(forecast: Forecast): Stated {
  const stated: Stated = {};
  const tokens = forecast.raw.split(/\s+/);
  if (forecast.cavok) {
    Object.assign(stated, { cavok: true, ceilingFt: null, visibilityM: CAVOK_VISIBILITY_M, phenomena: [] });
  }
  if (forecast.visibility) {
    const { value, unit } = forecast.visibility;
    stated.visibilityM = unit === DistanceUnit.StatuteMiles ? value * STATUTE_MILE_M : value;
    stated.cavok = forecast.cavok === true;
  }
  const ceilingLayers = forecast.clouds
    .filter((cloud) => cloud.quantity === CloudQuantity.BKN || cloud.quantity === CloudQuantity.OVC)
    .map((cloud) => cloud.height)
    .filter((height): height is number => height !== undefined);
  if (forecast.verticalVisibility !== undefined) ceilingLayers.push(forecast.verticalVisibility);
  // VV/// : the sky is obscured and the vertical visibility not given, which is a ceiling at the ground.
  if (tokens.includes('VV///')) ceilingLayers.push(0);
  if (ceilingLayers.length) stated.ceilingFt = Math.min(...ceilingLayers);
  else if (forecast.clouds.length || tokens.some((t) => t === 'NSC' || t === 'SKC' || t === 'CLR')) stated.ceilingFt = null;
  if (forecast.wind) {
    const { degrees, speed, gust, unit } = forecast.wind;
    const factor = unit === SpeedUnit.MetersPerSecond ? KT_PER_MPS : unit === SpeedUnit.KilometersPerHour ? KT_PER_KMH : 1;
    const kt = (value: number | undefined) => (value === undefined ? null : Math.round(value * factor));
    stated.wind = { directionDeg: degrees ?? null, speedKt: kt(speed), gustKt: kt(gust) };
  }
  // NSW (no significant weather) ends the phenomena forecast before.
  if (tokens.includes('NSW')) stated.phenomena = [];
  else if (forecast.weatherConditions.length) {
    stated.phenomena = forecast.weatherConditions.map((w) => `${w.intensity ?? ''}${w.descriptive ?? ''}${w.phenomenons.join('')}`);
  }
  return stated;
}

const EMPTY: Required<Stated> = {
  ceilingFt: null,
  visibilityM: null,
  cavok: false,
  wind: { directionDeg: null, speedKt: null, gustKt: null },
  phenomena: [],
};

function conditionsOf(state: Required<Stated>): WeatherConditions {
  return {
    ceilingFt: state.ceilingFt,
    visibilityM: state.visibilityM === null ? null : Math.round(state.visibilityM),
    cavok: state.cavok,
    windDirectionDeg: state.wind.directionDeg,
    windSpeedKt: state.wind.speedKt,
    windGustKt: state.wind.gustKt,
    phenomena: state.phenomena,
    category: flightCategory(state.ceilingFt, state.visibilityM),
  };
}

const isPrevailing = (forecast: Forecast) =>
  forecast.type === undefined || forecast.type === WeatherChangeType.FM || forecast.type === WeatherChangeType.BECMG;

/** The prevailing state once every prevailing group that started by `at` has applied (FM replaces, BECMG amends). */
function prevailingAt(forecasts: readonly Forecast[], at: Date): Required<Stated> {
  let state = EMPTY;
  for (const forecast of forecasts) {
    if (!isPrevailing(forecast) || forecast.start.getTime() > at.getTime()) continue;
    const base = forecast.type === WeatherChangeType.FM ? EMPTY : state;
    state = { ...base, ...statedOf(forecast) };
  }
  return state;
}

export interface DecodedTaf {
  validFrom: Date;
  validTo: Date;
  prevailing: WeatherConditions;
  supplemental: ForecastGroup[];
  worstCategory: FlightCategory;
  groups: ForecastGroup[];
}

export type TafAtResult = { ok: true; taf: DecodedTaf } | { ok: false; reason: 'unreadable' | 'validity' | 'outside' };

/**
 * The TAF decoded at `at`: the prevailing conditions, the temporary and probable changes in force, and each group
 * with its own category. A TAF whose validity is not 6 to 30 hours, or that does not cover `at`, gives no forecast.
 */
export function decodeTafAt(raw: string, issuedAt: Date, at: Date): TafAtResult {
  let container: IForecastContainer;
  try {
    container = parseTAFAsForecast(raw, { issued: issuedAt });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const hours = (container.end.getTime() - container.start.getTime()) / 3_600_000;
  if (hours < TAF_VALIDITY_MIN_HOURS || hours > TAF_VALIDITY_MAX_HOURS) return { ok: false, reason: 'validity' };
  if (at.getTime() < container.start.getTime() || at.getTime() >= container.end.getTime()) return { ok: false, reason: 'outside' };

  const group = (forecast: Forecast): ForecastGroup => ({
    ...conditionsOf({ ...prevailingAt(container.forecast, forecast.start), ...statedOf(forecast) }),
    change: forecast.type ?? null,
    probability: forecast.probability ?? null,
    start: forecast.start.toISOString(),
    end: forecast.end.toISOString(),
    raw: forecast.raw,
  });
  const prevailing = conditionsOf(prevailingAt(container.forecast, at));
  const composite = getCompositeForecastForDate(at, container);
  const supplemental = composite.supplemental.map((forecast) => ({
    ...conditionsOf({ ...prevailingAt(container.forecast, at), ...statedOf(forecast) }),
    change: forecast.type ?? null,
    probability: forecast.probability ?? null,
    start: forecast.start.toISOString(),
    end: forecast.end.toISOString(),
    raw: forecast.raw,
  }));
  return {
    ok: true,
    taf: {
      validFrom: container.start,
      validTo: container.end,
      prevailing,
      supplemental,
      worstCategory: supplemental.reduce((worst, s) => worstCategory(worst, s.category), prevailing.category),
      groups: container.forecast.map(group),
    },
  };
}
