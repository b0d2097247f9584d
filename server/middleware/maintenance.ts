import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error';

const ALWAYS_OPEN = new Set(['/api/health', '/api/status']);

export function maintenance(enabled: boolean): RequestHandler {
  return (req, _res, next) => {
    if (enabled && !ALWAYS_OPEN.has(req.path)) next(new AppError('MAINTENANCE', 'The platform is under maintenance'));
    else next();
  };
}
