import type { Application, Response } from 'express';

/** A JSON answer serialized once, with the ETag Express would give it, to be sent many times. */
export interface PreparedJson {
  body: string;
  etag: string | undefined;
}

type EtagFunction = (body: string, encoding: BufferEncoding) => string | undefined;

export function prepareJson(app: Application, value: unknown): PreparedJson {
  const body = JSON.stringify(value);
  const etagOf = app.get('etag fn') as EtagFunction | undefined;
  return { body, etag: etagOf?.(body, 'utf8') };
}

/** Sends as `res.json` would (a matching If-None-Match still gets its 304), without serializing or hashing again. */
export function sendPreparedJson(res: Response, json: PreparedJson) {
  if (json.etag) res.set('ETag', json.etag);
  res.type('json').send(json.body);
}
