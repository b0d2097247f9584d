import { ErrorCode } from '../../src/shared/errors';

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.status = ErrorCode[code];
  }
}
