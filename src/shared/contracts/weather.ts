import { z } from 'zod';
import { FLIGHT_CATEGORIES } from '../domain/weather';
import { dateTimeSchema, viewBoxSchema } from './common';

/** Weather of one forecast group, decoded: what the category is computed from. */
export const weatherConditionsSchema = z.object({
  /** Lowest broken or overcast layer, or the vertical visibility, in feet above the aerodrome; null: none. */
  ceilingFt: z.number().nullable(),
  /** Prevailing visibility in metres; null: not forecast. */
  visibilityM: z.number().nullable(),
  cavok: z.boolean(),
  windDirectionDeg: z.number().nullable(),
  windSpeedKt: z.number().nullable(),
  windGustKt: z.number().nullable(),
  /** Weather phenomena as written in the TAF (e.g. "-RA", "BR", "TSRA"). */
  phenomena: z.array(z.string()),
  category: z.enum(FLIGHT_CATEGORIES),
});
export type WeatherConditions = z.infer<typeof weatherConditionsSchema>;

export const forecastGroupSchema = weatherConditionsSchema.extend({
  /** null for the initial conditions; FM, BECMG, TEMPO, INTER or PROB otherwise. */
  change: z.string().nullable(),
  probability: z.number().nullable(),
  start: z.string(),
  end: z.string(),
  raw: z.string(),
});
export type ForecastGroup = z.infer<typeof forecastGroupSchema>;

/** `GET /api/preflights/{id}/weather`: the TAF of the aerodrome nearest to the mission, at the mission's start. */
export const missionWeatherSchema = z.object({
  station: z.object({ icao: z.string(), name: z.string(), distanceKm: z.number() }),
  raw: z.string(),
  /** The aerodrome's latest observation, when the source gives one. */
  metar: z.string().nullable(),
  issuedAt: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  at: z.string(),
  /** Prevailing conditions at the mission's start. */
  prevailing: weatherConditionsSchema,
  /** Temporary or probable changes in force at the start (TEMPO, PROB, INTER). */
  supplemental: z.array(forecastGroupSchema),
  /** The worst category of the prevailing and supplemental conditions. */
  worstCategory: z.enum(FLIGHT_CATEGORIES),
  groups: z.array(forecastGroupSchema),
  /** Recorded: a replayed real TAF whose dates were shifted to today (embedded default), not a live forecast. */
  recorded: z.boolean(),
});
export type MissionWeather = z.infer<typeof missionWeatherSchema>;

/** `GET /api/weather/settings`: what the map needs to draw the rain radar. */
export const weatherSettingsSchema = z.object({
  rainRadarUrl: z.string().nullable(),
  rainRadarRefreshMinutes: z.number(),
});
export type WeatherSettings = z.infer<typeof weatherSettingsSchema>;

/** The widest view (degrees a side) the aerodromes' TAF layer is answered for, and the most aerodromes it shows. */
export const AERODROMES_VIEW_MAX_SPAN_DEG = 3;
export const AERODROMES_VIEW_MAX = 25;

/** `GET /api/weather/aerodromes?bbox=west,south,east,north&at=…`: the TAF category of the aerodromes in view at `at`. */
export const aerodromeCategoriesQuerySchema = z.object({
  bbox: viewBoxSchema(AERODROMES_VIEW_MAX_SPAN_DEG),
  at: dateTimeSchema,
});

export const aerodromeCategoriesSchema = z.object({
  items: z.array(
    z.object({
      icao: z.string(),
      name: z.string(),
      lon: z.number(),
      lat: z.number(),
      /** The worst category forecast at `at`; null: no TAF valid then (none published, none recorded, or out of its validity). */
      category: z.enum(FLIGHT_CATEGORIES).nullable(),
      recorded: z.boolean(),
    }),
  ),
});
export type AerodromeCategories = z.infer<typeof aerodromeCategoriesSchema>;
