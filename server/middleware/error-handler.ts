import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';

export const apiNotFound: RequestHandler = (_req, _res, next) => next(new AppError('NOT_FOUND', 'No such endpoint'));

interface HttpParserError {
  type?: string;
  status?: number;
}

/** The one place errors become HTTP answers: `{ code, message, fields? }`. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if ((error as HttpParserError)?.type === 'entity.parse.failed')
      appError = new AppError('BAD_REQUEST', 'The request body is not valid JSON');
    else if ((error as HttpParserError)?.type === 'entity.too.large')
      appError = new AppError('BAD_REQUEST', 'The request body is too large');
    else {
      logger.error({ err: error, reqId: req.id }, 'unexpected error');
      appError = new AppError('UNEXPECTED', 'Unexpected error');
    }
    const fields = appError.details?.fields;
    res.status(appError.status).json({ code: appError.code, message: appError.message, ...(fields ? { fields } : {}) });
  };
}
