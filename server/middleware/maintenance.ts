import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error';

const ALWAYS_OPEN = new Set(['/api/health', '/api/status']);

/**
 * With MAINTENANCE=true the API answers 503 MAINTENANCE, except health and status. The router is mounted at the root,
 * so the check names /api itself: the SPA's files and pages (the maintenance page among them) must keep loading.
 */
export function maintenance(enabled: boolean): RequestHandler {
  return (req, _res, next) => {
    const api = req.path === '/api' || req.path.startsWith('/api/');
    if (enabled && api && !ALWAYS_OPEN.has(req.path)) next(new AppError('MAINTENANCE', 'The platform is under maintenance'));
    else next();
  };
}
