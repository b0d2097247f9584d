import { constants, gzipSync } from 'node:zlib';
import type { Application, Request, Response } from 'express';

/**
 * A JSON answer of type `T` serialized once, with the ETag Express would give it, to be sent many times. A route
 * handler returns it like a plain value: ApiRouter sends it and, in development and tests, checks it against the
 * route's response schema.
 */
export class PreparedJson<T> {
  /** Only a type: what `bytes` are the JSON of. */
  declare readonly value: T;
  /** `bytes` gzipped, once the first client that accepts it asked. */
  gzipped: Buffer | undefined;

  constructor(
    /** The JSON's UTF-8 bytes, encoded once rather than at every answer. */
    readonly bytes: Buffer,
    readonly etag: string | undefined,
  ) {}
}

type EtagFunction = (body: Buffer) => string | undefined;

export function prepareJson<T>(app: Application, value: T): PreparedJson<T> {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  const etagOf = app.get('etag fn') as EtagFunction | undefined;
  return new PreparedJson<T>(bytes, etagOf?.(bytes));
}

/** Shorter answers are sent as they are, here and by the compression middleware (server/app.ts). */
export const COMPRESS_FROM_BYTES = 1024;
/** Dynamic answers are compressed at zlib's fastest level, here and by the compression middleware. */
export const COMPRESSION_LEVEL = constants.Z_BEST_SPEED;
/**
 * Longer answers are left to the compression middleware's stream. Up to this size one `gzipSync` at zlib's fastest
 * level costs less than the stream's set-up and its trips to the thread pool (about 40 against 160–300 µs of CPU for
 * 17 kB of JSON) and holds the thread well under a millisecond (docs/performance.md, "Answers compressed at once").
 */
const COMPRESS_AT_ONCE_BYTES = 256 * 1024;

/**
 * Whether an answer of `bytes` goes out gzipped from here: the size is in the window, the client accepts gzip, and the
 * route neither encoded it nor asked that it not be transformed (as the middleware checks).
 */
function gzipHere(req: Request, res: Response, bytes: number) {
  if (bytes < COMPRESS_FROM_BYTES || bytes > COMPRESS_AT_ONCE_BYTES || res.getHeader('Content-Encoding')) return false;
  if (/no-transform/i.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  return req.headers['accept-encoding'] !== undefined && req.acceptsEncodings('gzip') === 'gzip';
}

/** Sends JSON bytes through `res.send` (its ETag, a 304 for a matching If-None-Match, HEAD), gzipped where it pays. */
function sendBytes(req: Request, res: Response, bytes: Buffer, gzipped: () => Buffer) {
  if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (!gzipHere(req, res, bytes.length)) {
    res.send(bytes);
    return;
  }
  res.vary('Accept-Encoding');
  res.setHeader('Content-Encoding', 'gzip');
  res.send(gzipped());
}

const gzip = (bytes: Buffer) => gzipSync(bytes, { level: COMPRESSION_LEVEL });

/** Sends a route's JSON answer as `res.json` would, gzipped at once where it pays. */
export function sendJson(req: Request, res: Response, value: unknown) {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  sendBytes(req, res, bytes, () => gzip(bytes));
}

/** Sends as `sendJson` does, without serializing, hashing or compressing again. */
export function sendPreparedJson(req: Request, res: Response, json: PreparedJson<unknown>) {
  if (json.etag) res.setHeader('ETag', json.etag);
  sendBytes(req, res, json.bytes, () => (json.gzipped ??= gzip(json.bytes)));
}
