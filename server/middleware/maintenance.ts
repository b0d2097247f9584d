import type { RequestHandler } from 'express';
import { isAdministrator } from '../../src/shared/domain/rights';
import { AppError } from '../lib/app-error';

const ALWAYS_OPEN = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/api/status']);
/** Sign-in and its refresh: the use cases let administrators through and answer MAINTENANCE to everyone else. */
const SIGN_IN = new Set(['/api/security/login', '/api/security/gjrt', '/api/security/logout']);
/** Positions of drones in flight (trackers' API key or the pilots' own): a flight's track is never cut by maintenance. */
const INGEST = new Set(['/api/traffics', '/api/traffics/']);

/**
 * Mounted with MAINTENANCE=true only: the API answers 503 MAINTENANCE, except health and status, sign-in, position
 * ingest and administrators' requests (docs/navigation.md "Errors and maintenance"). The router is mounted at the
 * root, so the check names /api itself: the SPA's files and pages (the maintenance page among them) must keep loading.
 */
export function maintenance(): RequestHandler {
  return (req, _res, next) => {
    if (!(req.path === '/api' || req.path.startsWith('/api/'))) return next();
    const open =
      ALWAYS_OPEN.has(req.path) ||
      (req.method === 'POST' && (SIGN_IN.has(req.path) || INGEST.has(req.path))) ||
      (req.auth !== undefined && isAdministrator(req.auth.rights));
    next(open ? undefined : new AppError('MAINTENANCE', 'The platform is under maintenance'));
  };
}
