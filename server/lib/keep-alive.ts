import type { Server } from 'node:http';

/**
 * How long an idle connection stays open: longer than the 60 s of a reverse proxy's or a load balancer's own idle
 * limit, and than the few seconds a client leaves a connection unused between two calls. Node closes one after 5 s by
 * default; a client that sends its next request just as the server closes the connection gets it reset, and the call
 * fails (docs/operations.md "Connections").
 */
export const KEEP_ALIVE_MS = 65_000;

/** Keeps the server's idle connections open `KEEP_ALIVE_MS`, the time allowed for a request's headers just above it. */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
