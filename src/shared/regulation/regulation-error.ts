export const REGULATION_ERROR_CODES = [
  'COUNTRY_UNDETERMINED',
  'REGULATION_NOT_SUPPORTED',
  'DRONE_NOT_APPROVED',
  'OWN_DECLARATION_SERVICE',
  'INSUFFICIENT_DATA',
] as const;
export type RegulationErrorCode = (typeof REGULATION_ERROR_CODES)[number];

/** A domain error of the classification (spec domain §8). The message is the code: the SPA translates it. */
export class RegulationError extends Error {
  readonly code: RegulationErrorCode;
  /** Paths of the mission facts that caused the error, when there are any. */
  readonly fields: readonly string[];

  constructor(code: RegulationErrorCode, fields: readonly string[] = []) {
    super(code);
    this.name = 'RegulationError';
    this.code = code;
    this.fields = fields;
  }
}

export function isRegulationError(value: unknown): value is RegulationError {
  return value instanceof RegulationError;
}
