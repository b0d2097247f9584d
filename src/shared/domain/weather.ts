/** Flight categories of spec §9, from the best to the worst (docs/weather.md). */
export const FLIGHT_CATEGORIES = ['VFR', 'MVFR', 'IFR', 'LIFR'] as const;
export type FlightCategory = (typeof FLIGHT_CATEGORIES)[number];

const STATUTE_MILE_M = 1609.344;

/**
 * The usual thresholds (US National Weather Service, as aviation weather services show them): a category applies
 * when the ceiling OR the visibility falls in its band. Ceiling in feet above the aerodrome, visibility in metres.
 */
export const FLIGHT_CATEGORY_THRESHOLDS = {
  LIFR: { ceilingBelowFt: 500, visibilityBelowM: 1 * STATUTE_MILE_M },
  IFR: { ceilingBelowFt: 1000, visibilityBelowM: 3 * STATUTE_MILE_M },
  MVFR: { ceilingAtMostFt: 3000, visibilityAtMostM: 5 * STATUTE_MILE_M },
} as const;

/** A TAF covers 6 to 30 hours after its validity starts (spec domain §9). */
export const TAF_VALIDITY_MIN_HOURS = 6;
export const TAF_VALIDITY_MAX_HOURS = 30;

/** The flight category of a ceiling (null: no ceiling) and a visibility (null: unknown, taken as unrestricted). */
export function flightCategory(ceilingFt: number | null, visibilityM: number | null): FlightCategory {
  const ceiling = ceilingFt ?? Number.POSITIVE_INFINITY;
  const visibility = visibilityM ?? Number.POSITIVE_INFINITY;
  const { LIFR, IFR, MVFR } = FLIGHT_CATEGORY_THRESHOLDS;
  if (ceiling < LIFR.ceilingBelowFt || visibility < LIFR.visibilityBelowM) return 'LIFR';
  if (ceiling < IFR.ceilingBelowFt || visibility < IFR.visibilityBelowM) return 'IFR';
  if (ceiling <= MVFR.ceilingAtMostFt || visibility <= MVFR.visibilityAtMostM) return 'MVFR';
  return 'VFR';
}

/** The worse of two categories. */
export function worstCategory(a: FlightCategory, b: FlightCategory): FlightCategory {
  return FLIGHT_CATEGORIES.indexOf(a) >= FLIGHT_CATEGORIES.indexOf(b) ? a : b;
}

/** Spec §9: the rain radar layer is refreshed every 10 minutes. */
export const RAIN_RADAR_REFRESH_MINUTES = 10;

/** The start of the radar refresh period holding `now`: every client asks for the same image in a period. */
export function rainRadarSlot(now: Date): Date {
  const period = RAIN_RADAR_REFRESH_MINUTES * 60_000;
  return new Date(Math.floor(now.getTime() / period) * period);
}

/**
 * The tile URL of the radar image of `slot`: `{time}` becomes its epoch seconds (services that name images by time);
 * a template without it gets a `t` parameter, so a service that always serves the latest image is asked again.
 */
export function rainRadarTiles(template: string, slot: Date): string {
  const seconds = String(Math.floor(slot.getTime() / 1000));
  if (template.includes('{time}')) return template.replaceAll('{time}', seconds);
  return `${template}${template.includes('?') ? '&' : '?'}t=${seconds}`;
}
