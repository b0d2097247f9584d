import { ZoneRejected } from './geozone-file-error';
import { VERTICAL_REFERENCES, type VerticalReference } from './zone';

export const METRES_PER_FOOT = 0.3048;

/** AT and CH (ED-269) and the CIS ED-318 sample write 99999 for "no ceiling", whatever the unit. */
export const NO_CEILING_SENTINEL = 99999;

export interface RawVerticalLimits {
  uom: unknown;
  lower: unknown;
  upper: unknown;
  lowerReference: unknown;
  upperReference: unknown;
}

export interface VerticalLimits {
  lowerM: number;
  upperM: number | null;
  lowerReference: VerticalReference;
  upperReference: VerticalReference;
}

/** Metres per unit of `uomDimensions` (ED-269 "M"/"FT") or `layer.uom` (ED-318 "m"/"ft"); also the circle radius unit. */
export function metresPerUnit(uom: unknown, where: string): number {
  const unit = typeof uom === 'string' ? uom.trim().toUpperCase() : uom;
  if (unit === 'M') return 1;
  if (unit === 'FT') return METRES_PER_FOOT;
  throw new ZoneRejected('INVALID_LIMITS', `${where}: unit ${JSON.stringify(uom)} is neither M nor FT`);
}

/** Millimetre rounding hides float noise from the foot conversion (250 ft is 76.2 m, not 76.19999999999999). */
export function toMetres(value: number, factor: number): number {
  return Math.round(value * factor * 1000) / 1000;
}

function readNumber(value: unknown, where: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  // Some files write numbers as strings ("0" in the CIS ED-269 sample).
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new ZoneRejected('INVALID_LIMITS', `${where}: ${JSON.stringify(value)} is not a number`);
  }
  return number;
}

function readReference(value: unknown, limitIsGiven: boolean, where: string): VerticalReference {
  if (value === null || value === undefined || value === '') {
    // A missing reference matters only for a numeric limit; surface and "unlimited" mean the same in any reference.
    if (!limitIsGiven) return 'AGL';
    throw new ZoneRejected('INVALID_LIMITS', `${where}: the vertical reference is missing`);
  }
  const reference = typeof value === 'string' ? value.trim().toUpperCase() : value;
  if (!VERTICAL_REFERENCES.includes(reference as VerticalReference)) {
    throw new ZoneRejected('INVALID_LIMITS', `${where}: unknown vertical reference ${JSON.stringify(value)}`);
  }
  return reference as VerticalReference;
}

export function readVerticalLimits(raw: RawVerticalLimits, where: string): VerticalLimits {
  const lower = readNumber(raw.lower, `${where} lower limit`);
  const upperRaw = readNumber(raw.upper, `${where} upper limit`);
  const upper = upperRaw === NO_CEILING_SENTINEL ? undefined : upperRaw;
  const factor = lower === undefined && upper === undefined ? 1 : metresPerUnit(raw.uom, where);
  const lowerReference = readReference(raw.lowerReference, lower !== undefined && lower !== 0, `${where} lower`);
  const upperReference = readReference(raw.upperReference, upper !== undefined, `${where} upper`);
  const lowerM = lower === undefined ? 0 : toMetres(lower, factor);
  const upperM = upper === undefined ? null : toMetres(upper, factor);
  if (lowerReference === 'AGL' && lowerM < 0) {
    throw new ZoneRejected('INVALID_LIMITS', `${where}: a lower limit below the ground (${lowerM} m AGL)`);
  }
  if (upperM !== null && lowerReference === upperReference && upperM <= lowerM) {
    throw new ZoneRejected('INVALID_LIMITS', `${where}: the upper limit (${upperM} m) is not above the lower (${lowerM} m)`);
  }
  return { lowerM, upperM, lowerReference, upperReference };
}
