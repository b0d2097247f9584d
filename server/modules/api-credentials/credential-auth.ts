import type { RequestHandler } from 'express';
import { AppError } from '../../lib/app-error';

/**
 * Managing credentials and webhook endpoints needs a session: a leaked credential must not mint others or send the
 * account's events elsewhere.
 */
export const sessionOnly: RequestHandler = (req, _res, next) => {
  next(req.credential ? new AppError('API_CREDENTIAL_NOT_ALLOWED', 'API credentials cannot manage credentials or webhooks') : undefined);
};
