import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../lib/logger';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: the client's `x-request-id` when it is a short safe token, else a fresh UUID. */
    id: string;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const UNLOGGED = '/api/health';

/**
 * Gives each request its id (echoed in `x-request-id`, named in error logs) and, at the `info` level, writes one line
 * when its answer is sent: method, URL, status and time, at `error` for a 5xx. Nothing else is kept per request: no
 * child logger and no listener when the level is above `info` (docs/performance.md, "The middleware stack").
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    // A client's id is kept only when it is a short safe token: it is echoed in a header and written to the logs.
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id);
    if (logger.isLevelEnabled('info') && req.url !== UNLOGGED) {
      const started = performance.now();
      res.once('finish', () => {
        const line = {
          reqId: id,
          req: { method: req.method, url: req.originalUrl },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        };
        if (res.statusCode >= 500) logger.error(line, 'request errored');
        else logger.info(line, 'request completed');
      });
    }
    next();
  };
}
