import type { FlightCategory } from '../../../src/shared/domain/weather';
import type { TakeoffCheckItem } from '../../../src/shared/contracts/takeoff-check';

/** A pilot document as the check reads it: its type and validity dates (calendar days, UTC). */
export interface CheckedDocument {
  skillType: string;
  validFrom: Date | null;
  validUntil: Date | null;
}

/** The start of `at`'s UTC day: a document valid until a date is valid all that day. */
function dayOf(at: Date): number {
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
}

function validOn(document: CheckedDocument, day: number): boolean {
  return (!document.validFrom || document.validFrom.getTime() <= day) && (!document.validUntil || document.validUntil.getTime() >= day);
}

const dateOf = (value: Date) => value.toISOString().slice(0, 10);

/**
 * The flying pilot's documents today: blocking when a kind of document he holds has none valid today (the most recently
 * ended one named), `info` when he has none recorded or the mission names no pilot.
 */
export function pilotItem(pilot: { name: string; documents: CheckedDocument[] } | null, at: Date): TakeoffCheckItem {
  if (!pilot) return { item: 'pilot', level: 'info', code: 'TAKEOFF_NO_PILOT', params: {} };
  if (pilot.documents.length === 0)
    return { item: 'pilot', level: 'info', code: 'TAKEOFF_PILOT_NO_DOCUMENT', params: { pilot: pilot.name } };
  const day = dayOf(at);
  const kinds = new Map<string, CheckedDocument[]>();
  for (const document of pilot.documents) kinds.set(document.skillType, [...(kinds.get(document.skillType) ?? []), document]);
  for (const [skillType, documents] of kinds) {
    if (documents.some((document) => validOn(document, day))) continue;
    const ended = documents
      .flatMap((document) => (document.validUntil ? [document.validUntil] : []))
      .sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      item: 'pilot',
      level: 'blocking',
      code: 'TAKEOFF_PILOT_DOCUMENT_EXPIRED',
      params: { pilot: pilot.name, skillType, ...(ended ? { validUntil: dateOf(ended) } : {}) },
    };
  }
  return { item: 'pilot', level: 'ok', code: null, params: { pilot: pilot.name } };
}

/** The mission's main machine: blocking when it was withdrawn (deleted) since, `info` when the mission names none. */
export function machineItem(machine: { name: string; withdrawn: boolean } | null): TakeoffCheckItem {
  if (!machine) return { item: 'machine', level: 'info', code: 'TAKEOFF_NO_MACHINE', params: {} };
  if (machine.withdrawn)
    return { item: 'machine', level: 'blocking', code: 'TAKEOFF_MACHINE_WITHDRAWN', params: { machine: machine.name } };
  return { item: 'machine', level: 'ok', code: null, params: { machine: machine.name } };
}

/** The forecast category now at the nearest aerodrome against VFR: a warning below it, `info` without a forecast. */
export function weatherItem(forecast: { icao: string; category: FlightCategory } | null): TakeoffCheckItem {
  if (!forecast) return { item: 'weather', level: 'info', code: 'TAKEOFF_NO_WEATHER', params: {} };
  const params = { icao: forecast.icao, category: forecast.category };
  return forecast.category === 'VFR'
    ? { item: 'weather', level: 'ok', code: null, params }
    : { item: 'weather', level: 'warning', code: 'TAKEOFF_WEATHER_BELOW_VFR', params };
}

/** The displayed alerts whose area touches the mission's now: a warning naming them. */
export function alertsItem(names: readonly string[]): TakeoffCheckItem {
  if (names.length === 0) return { item: 'alerts', level: 'ok', code: null, params: { count: 0 } };
  return { item: 'alerts', level: 'warning', code: 'TAKEOFF_ALERTS_TOUCHING', params: { count: names.length, names: names.join(', ') } };
}
