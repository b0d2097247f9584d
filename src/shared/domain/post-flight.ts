/** Activity codes of a post-flight diary, spec domain §3; `other` needs its specify text. */
export const ACTIVITY_CODES = ['aud', 'agr', 'top', 'inf', 'bat', 'imm', 'env', 'sur', 'ges', 'for', 'log', 'other'] as const;

/** The longest flight a diary records: a day (flight time is in minutes, spec domain §9). */
export const FLIGHT_TIME_MAX_MIN = 24 * 60;

/** Minutes between two instants, rounded to the nearest minute. */
export function minutesBetween(from: Date, to: Date): number {
  return Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));
}
