import type { Zone } from './zone';

export type GeozoneFormat = 'ED-269' | 'ED-318';

/** Why the whole file was refused. */
export type GeozoneFileErrorCode = 'INVALID_JSON' | 'UNKNOWN_FORMAT';

export class GeozoneFileError extends Error {
  readonly code: GeozoneFileErrorCode;

  constructor(code: GeozoneFileErrorCode, detail?: string) {
    super(detail === undefined ? code : `${code}: ${detail}`);
    this.name = 'GeozoneFileError';
    this.code = code;
  }
}

/** Why one zone was refused while the rest of the file was kept. */
export type ZoneRejectionReason =
  'INVALID_SCHEMA' | 'UNKNOWN_RESTRICTION' | 'MISSING_GEOMETRY' | 'INVALID_GEOMETRY' | 'OPEN_RING' | 'INVALID_LIMITS';

export interface ZoneRejection {
  /** Position of the zone (ED-269) or feature (ED-318) in the file. */
  index: number;
  identifier?: string;
  reason: ZoneRejectionReason;
  /** English, for the person fixing the feed: the field and what is wrong with it. */
  detail?: string;
}

export interface GeozoneParseResult {
  format: GeozoneFormat;
  zones: Zone[];
  errors: ZoneRejection[];
}

/** Thrown inside a zone's parse and caught by the file loop, so that one bad zone never stops the others. */
export class ZoneRejected extends Error {
  readonly reason: ZoneRejectionReason;
  readonly detail: string;

  constructor(reason: ZoneRejectionReason, detail: string) {
    super(`${reason}: ${detail}`);
    this.name = 'ZoneRejected';
    this.reason = reason;
    this.detail = detail;
  }
}

export function parseZonesOneByOne(
  format: GeozoneFormat,
  items: readonly unknown[],
  parseZone: (item: unknown) => Zone,
  identifierOf: (item: unknown) => string | undefined,
): GeozoneParseResult {
  const zones: Zone[] = [];
  const errors: ZoneRejection[] = [];
  items.forEach((item, index) => {
    try {
      zones.push(parseZone(item));
    } catch (error) {
      if (!(error instanceof ZoneRejected)) throw error;
      const identifier = identifierOf(item);
      errors.push({
        index,
        ...(identifier === undefined ? {} : { identifier }),
        reason: error.reason,
        detail: error.detail,
      });
    }
  });
  return { format, zones, errors };
}
