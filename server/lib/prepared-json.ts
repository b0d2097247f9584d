import type { Application, Response } from 'express';

/**
 * A JSON answer of type `T` serialized once, with the ETag Express would give it, to be sent many times. A route
 * handler returns it like a plain value: ApiRouter sends it and, in development and tests, checks it against the
 * route's response schema.
 */
export class PreparedJson<T> {
  /** Only a type: what `bytes` are the JSON of. */
  declare readonly value: T;

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

/** Sends as `res.json` would (a matching If-None-Match still gets its 304), without serializing or hashing again. */
export function sendPreparedJson(res: Response, json: PreparedJson<unknown>) {
  if (json.etag) res.setHeader('ETag', json.etag);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(json.bytes);
}
