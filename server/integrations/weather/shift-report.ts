const HOUR_MS = 3_600_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** The UTC date of a day-of-month group, taken in the month of `anchor` or the one before or after it. */
function resolveDay(anchor: Date, day: number, hour: number, minute: number): Date {
  const month = anchor.getUTCMonth() + (day < anchor.getUTCDate() - 10 ? 1 : day > anchor.getUTCDate() + 10 ? -1 : 0);
  return new Date(Date.UTC(anchor.getUTCFullYear(), month, day, hour, minute));
}

const dayHour = (date: Date) => pad(date.getUTCDate()) + pad(date.getUTCHours());

/**
 * Moves every date group of a TAF or METAR text (issue `DDhhmmZ`, periods `DDhh/DDhh`, `FMDDhhmm`, temperatures
 * `TXnn/DDhhZ`) by `hours`, the report having been issued at `issuedAt`. The weather itself is left as written.
 */
export function shiftReport(text: string, issuedAt: Date, hours: number): string {
  const shift = (day: string, hour: string, minute = '00') =>
    new Date(resolveDay(issuedAt, Number(day), Number(hour), Number(minute)).getTime() + hours * HOUR_MS);
  return text
    .split(/\s+/)
    .map((token) => {
      let match = /^(\d{2})(\d{2})(\d{2})Z$/.exec(token);
      if (match) {
        const date = shift(match[1]!, match[2]!, match[3]!);
        return `${dayHour(date)}${pad(date.getUTCMinutes())}Z`;
      }
      match = /^(\d{2})(\d{2})\/(\d{2})(\d{2})$/.exec(token);
      if (match) return `${dayHour(shift(match[1]!, match[2]!))}/${dayHour(shift(match[3]!, match[4]!))}`;
      match = /^FM(\d{2})(\d{2})(\d{2})$/.exec(token);
      if (match) {
        const date = shift(match[1]!, match[2]!, match[3]!);
        return `FM${dayHour(date)}${pad(date.getUTCMinutes())}`;
      }
      match = /^(T[XN]M?\d{2})\/(\d{2})(\d{2})Z$/.exec(token);
      if (match) return `${match[1]}/${dayHour(shift(match[2]!, match[3]!))}Z`;
      return token;
    })
    .join(' ');
}

/** The issue time of a report written `DDhhmmZ`: the latest such instant not after `now`. */
export function issueTimeOf(text: string, now: Date): Date | null {
  const match = /\b(\d{2})(\d{2})(\d{2})Z\b/.exec(text);
  if (!match) return null;
  const [day, hour, minute] = [Number(match[1]), Number(match[2]), Number(match[3])];
  for (const monthsBack of [0, 1, 2]) {
    const candidate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day, hour, minute));
    if (candidate.getUTCDate() === day && candidate.getTime() <= now.getTime() + 5 * 60_000) return candidate;
  }
  return null;
}
