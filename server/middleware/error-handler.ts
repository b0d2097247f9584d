import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '../lib/app-error';
import { databaseErrorCode, isConnectionFailure } from '../lib/database-errors';
import type { DatabaseStatus } from '../lib/database-status';
import type { Logger } from '../lib/logger';

export const apiNotFound: RequestHandler = (_req, _res, next) => next(new AppError('NOT_FOUND', 'No such endpoint'));

interface HttpParserError {
  type?: string;
  status?: number;
}

const DATABASE_MESSAGES = {
  DATABASE_UNAVAILABLE: 'The database does not answer: try again shortly',
  VALIDATION_FAILED: 'A value cannot be stored',
  NOT_FOUND: 'A record this request refers to does not exist (any more)',
  ALREADY_EXISTS: 'This record already exists',
} as const;

/** The one place errors become HTTP answers: `{ code, message, fields? }`. */
export function errorHandler(logger: Logger, database: DatabaseStatus): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let appError: AppError;
    const databaseCode = error instanceof AppError ? undefined : databaseErrorCode(error);
    if (error instanceof AppError) appError = error;
    else if ((error as HttpParserError)?.type === 'entity.parse.failed')
      appError = new AppError('BAD_REQUEST', 'The request body is not valid JSON');
    else if ((error as HttpParserError)?.type === 'entity.too.large')
      appError = new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
    else if (databaseCode && databaseCode in DATABASE_MESSAGES) {
      logger.warn({ err: error, reqId: req.id }, 'database error answered as a 4xx/503');
      if (databaseCode === 'DATABASE_UNAVAILABLE') {
        if (isConnectionFailure(error)) database.failed();
        else database.suspect();
      }
      appError = new AppError(databaseCode, DATABASE_MESSAGES[databaseCode as keyof typeof DATABASE_MESSAGES]);
    } else {
      logger.error({ err: error, reqId: req.id }, 'unexpected error');
      appError = new AppError('UNEXPECTED', 'Unexpected error');
    }
    // Already answered 503 when the database was found down while this request waited for it.
    if (res.headersSent) return;
    if (appError.code === 'DATABASE_UNAVAILABLE') res.setHeader('Retry-After', String(database.retryAfterSeconds));
    const fields = appError.details?.fields;
    // Figures the translated message of the code names (e.g. an airspace's minimum notice), never free text.
    const params = appError.details?.params;
    const retryAfter = appError.details?.retryAfterSeconds;
    if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    res
      .status(appError.status)
      .json({ code: appError.code, message: appError.message, ...(fields ? { fields } : {}), ...(params ? { params } : {}) });
  };
}
