import type { Application, Response } from 'express';

/**
 * A JSON answer of type `T` serialized once, with the ETag Express would give it, to be sent many times. A route
 * handler returns it like a plain value: ApiRouter sends it and, in development and tests, checks it against the
 * route's response schema.
 */
export class PreparedJson<T> {
  /** Only a type: what `body` is the JSON of. */
  declare readonly value: T;

  constructor(
    readonly body: string,
    readonly etag: string | undefined,
  ) {}
}

type EtagFunction = (body: string, encoding: BufferEncoding) => string | undefined;

export function prepareJson<T>(app: Application, value: T): PreparedJson<T> {
  const body = JSON.stringify(value);
  const etagOf = app.get('etag fn') as EtagFunction | undefined;
  return new PreparedJson<T>(body, etagOf?.(body, 'utf8'));
}

/** Sends as `res.json` would (a matching If-None-Match still gets its 304), without serializing or hashing again. */
export function sendPreparedJson(res: Response, json: PreparedJson<unknown>) {
  if (json.etag) res.set('ETag', json.etag);
  res.type('json').send(json.body);
}
