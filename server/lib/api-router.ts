import { isDeepStrictEqual } from 'node:util';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { Right } from '../../src/shared/domain/rights';
import { BODY_MAX_DEPTH, bodyShape, GEOMETRY_MAX_VERTICES, GEOMETRY_TOO_COMPLEX } from '../../src/shared/geo/geometry-bounds';
import { uncleanText } from '../../src/shared/contracts/common';
import { AppError } from './app-error';
import { PreparedJson, sendJson, sendPreparedJson } from './prepared-json';
import type { ApiRegistry } from '../openapi';
import type { AuthUser } from './auth-token';

/** 'public': anyone; 'signedIn': any valid token; a list: a valid token holding at least one of the rights. */
export type Access = 'public' | 'signedIn' | readonly Right[];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A route's JSON body budget unless it or its router declares another: the geometry cap (20,000 positions, about
 * 0.8 MB of compact JSON) with room. A body over its route's budget answers 413 PAYLOAD_TOO_LARGE before it is parsed:
 * at once from its Content-Length, or as soon as a chunked body passes the budget (docs/security.md "Input").
 */
export const JSON_BODY_BYTES = 1024 * 1024;

const jsonParsers = new Map<number, RequestHandler>();
/**
 * The JSON body within `limit` bytes; it reads only `application/json` bodies and leaves the others to the route. A
 * declared length over the budget is answered at once, unread, and the connection closed; a chunked body is counted
 * as it streams and refused once past the budget (its rest read off, not kept).
 */
function jsonBody(limit: number): RequestHandler {
  let parse = jsonParsers.get(limit);
  if (!parse) jsonParsers.set(limit, (parse = express.json({ limit })));
  return (req, res, next) => {
    if (Number(req.headers['content-length']) > limit && req.is('application/json')) {
      res.setHeader('Connection', 'close');
      return next(new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large'));
    }
    parse(req, res, next);
  };
}

interface RouteInput<B, Q, P, A extends Access> {
  body: B;
  query: Q;
  params: P;
  user: A extends 'public' ? AuthUser | undefined : AuthUser;
  req: Request;
  res: Response;
}

/** What a handler returns: the declared response's type, so a handler that drifts from its contract does not compile. */
type Reply<R> = [R] extends [z.ZodType] ? z.output<R> | PreparedJson<z.output<R>> : unknown;

export interface RouteSpec<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  A extends Access,
  R extends z.ZodType | undefined = undefined,
> {
  method: Method;
  path: string;
  summary: string;
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  response?: R;
  /** A file answered instead of JSON: its media types, documented in OpenAPI (CSV, KML, GeoJSON, GPX downloads). */
  fileMediaTypes?: readonly string[];
  status?: 200 | 201 | 202 | 204;
  bodyContentType?: string;
  /** The JSON body budget in bytes (the router's, else JSON_BODY_BYTES); null: the route reads its body itself. */
  bodyBytes?: number | null;
  /** Extra middleware run after the access check, before validation (rate limits, uploads). */
  before?: RequestHandler[];
  handler: (input: RouteInput<z.infer<B>, z.infer<Q>, z.infer<P>, A>) => Promise<Reply<R>> | Reply<R>;
}

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    // A strict schema's unknown keys are each named, so that a caller learns which of its fields was not understood.
    if (issue.code === 'unrecognized_keys') {
      for (const unknown of issue.keys) (fields[[...issue.path, unknown].join('.')] ??= []).push('validation:unknownKey');
      continue;
    }
    const key = issue.path.join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.infer<T> {
  if (!schema) return undefined as z.infer<T>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const fields = fieldErrors(result.error);
    if (result.error.issues.some((issue) => issue.message === GEOMETRY_TOO_COMPLEX)) {
      throw new AppError('GEOMETRY_TOO_COMPLEX', 'The geometry has more vertices, rings or polygons than allowed', { fields });
    }
    throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields });
  }
  return result.data;
}

/**
 * The body's size in positions and nesting, checked before its schema: validating 300,000 positions one by one
 * would itself hold the request thread, and a deeply nested value would overflow the stack of whoever walks it.
 */
function checkBodyShape(body: unknown) {
  const shape = bodyShape(body);
  if (shape.depth > BODY_MAX_DEPTH) throw new AppError('BAD_REQUEST', `The request body is nested deeper than ${BODY_MAX_DEPTH} levels`);
  if (shape.positions > GEOMETRY_MAX_VERTICES) {
    throw new AppError('GEOMETRY_TOO_COMPLEX', `The request holds more than ${GEOMETRY_MAX_VERTICES} positions`);
  }
  checkText(body);
}

function checkText(value: unknown) {
  const unclean = uncleanText(value);
  if (unclean) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { [unclean.path || '_']: [unclean.message] } });
}

/** Where the value the client reads first differs from what its schema makes of it: a key the contract drops, a default it fills. */
function firstDifference(sent: unknown, parsed: unknown, path: string): string | undefined {
  if (isDeepStrictEqual(sent, parsed)) return undefined;
  if (typeof sent === 'object' && sent !== null && typeof parsed === 'object' && parsed !== null) {
    for (const key of new Set([...Object.keys(sent), ...Object.keys(parsed)])) {
      const difference = firstDifference(
        (sent as Record<string, unknown>)[key],
        (parsed as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (difference) return difference;
    }
  }
  return `${path || '(root)'}: sent ${JSON.stringify(sent) ?? 'nothing'}, the contract reads ${JSON.stringify(parsed) ?? 'nothing'}`;
}

/**
 * Development and tests: the JSON a handler answers must be exactly what its response schema describes (no field
 * missing or of another type, none beyond it). A breach is the server's bug: a 500 whose logged error names the route.
 */
function checkResponse(route: string, schema: z.ZodType, result: unknown) {
  const json = result instanceof PreparedJson ? result.bytes.toString('utf8') : JSON.stringify(result);
  const sent: unknown = json === undefined ? undefined : JSON.parse(json);
  const parsed = schema.safeParse(sent);
  const breach = parsed.success ? firstDifference(sent, parsed.data, '') : z.prettifyError(parsed.error);
  if (breach) throw new Error(`The response of ${route} breaks its contract: ${breach}`);
}

function checkAccess(access: Access, user: AuthUser | undefined) {
  if (access === 'public') return;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  if (access === 'signedIn') return;
  if (!access.some((right) => user.rights.has(right))) throw new AppError('NOT_ALLOWED', 'Not allowed');
}

/** The access check, first: a caller without the right is refused before its body or upload is read. */
const accessCheck =
  (access: Access): RequestHandler =>
  (req, _res, next) => {
    try {
      checkAccess(access, req.auth);
      next();
    } catch (error) {
      next(error);
    }
  };

const segmentsOf = new WeakMap<Router, Set<string>>();

/** A route path's first segment after `/api/`, as Express compares it (case-insensitive); null when it is a parameter. */
function apiSegment(path: string): string | null {
  const segment = /^\/api\/([^/]+)/.exec(path)?.[1];
  return segment && /^[\w.-]+$/.test(segment) ? segment.toLowerCase() : null;
}

/**
 * The first path segments after `/api/` under which an ApiRouter's routes lie (`users` for `/api/users/:id`); null
 * for a router that ApiRouter did not make, or one with a route whose first segment is a parameter: it may answer any
 * path. The API passes a request only to the routers that may answer it (server/app.ts).
 */
function routeSegments(router: Router): ReadonlySet<string> | null {
  const segments = segmentsOf.get(router);
  return segments && !segments.has('') ? segments : null;
}

/**
 * The areas' routers, in their order, each request passed only to those with a route under its first segment after
 * `/api/` (and to those that may answer any path): Express would otherwise try every route of every router mounted
 * before the one that answers, about a fifth of a cached read's CPU (docs/performance.md, "The user list's route").
 */
export function bySegment(routers: readonly Router[]): RequestHandler {
  const dispatch = segmentDispatch(routers);
  dispatchedTo.set(dispatch, routers);
  return dispatch;
}

const dispatchedTo = new WeakMap<RequestHandler, readonly Router[]>();

/** The routers a `bySegment` or `underPrefix` handler passes requests to, for whoever lists the routes an app serves. */
export function routersBehind(handler: unknown): readonly Router[] | undefined {
  return dispatchedTo.get(handler as RequestHandler);
}

function segmentDispatch(routers: readonly Router[]): RequestHandler {
  const chain = (segment: string | null) => {
    const chosen = routers.filter((router) => {
      const segments = routeSegments(router);
      return !segments || (segment !== null && segments.has(segment));
    });
    if (chosen.length === 1) return chosen[0]!;
    const chained = Router();
    for (const router of chosen) chained.use(router);
    return chained;
  };
  const chains = new Map<string, Router>();
  for (const router of routers)
    for (const segment of routeSegments(router) ?? []) if (!chains.has(segment)) chains.set(segment, chain(segment));
  // No router may answer any path: a request of another segment goes on at once.
  const others = routers.some((router) => !routeSegments(router)) ? chain(null) : null;
  return (req, res, next) => {
    const path = req.path;
    const end = path.indexOf('/', 5);
    const segment = path.startsWith('/api/') ? path.slice(5, end === -1 ? undefined : end).toLowerCase() : '';
    const to = chains.get(segment) ?? others;
    if (to) to(req, res, next);
    else next();
  };
}

/**
 * A router whose routes are all under `prefix`: a request for another path goes on without walking its routes (the
 * same case-insensitive matching as Express's).
 */
export function underPrefix(prefix: string, router: Router): RequestHandler {
  const lower = prefix.toLowerCase();
  const handler: RequestHandler = (req, res, next) => {
    const path = req.path.toLowerCase();
    if (path === lower || path.startsWith(`${lower}/`)) router(req, res, next);
    else next();
  };
  dispatchedTo.set(handler, [router]);
  return handler;
}

/**
 * One declaration per endpoint: the Express route (access check, body budget, validation) and its OpenAPI entry.
 * `options.bodyBytes`: the JSON body budget of the router's routes (JSON_BODY_BYTES unless told).
 */
export class ApiRouter {
  readonly router = Router();
  private readonly segments = new Set<string>();

  constructor(
    private readonly registry: ApiRegistry,
    private readonly mount: string,
    private readonly tag: string,
    private readonly options: { bodyBytes?: number } = {},
  ) {
    segmentsOf.set(this.router, this.segments);
  }

  route<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, A extends Access, R extends z.ZodType | undefined = undefined>(
    spec: RouteSpec<B, Q, P, A, R>,
  ): this {
    this.document(spec);
    const route = this.fullPath(spec.path);
    this.segments.add(apiSegment(route) ?? '');
    const status = spec.status ?? (spec.method === 'post' ? 201 : 200);
    const budget = spec.bodyBytes === undefined ? (this.options.bodyBytes ?? JSON_BODY_BYTES) : spec.bodyBytes;
    // A read declares no body: no parser on the path every GET takes.
    const body = budget === null || (spec.method === 'get' && !spec.body) ? [] : [jsonBody(budget)];
    const before = [...body, ...(spec.before ?? [])];
    // With nothing between them, the access check is the handler's first step rather than a layer of its own.
    const checkedHere = before.length === 0;
    const handle = async (req: Request, res: Response, next: NextFunction) => {
      try {
        if (checkedHere) checkAccess(spec.access, req.auth);
        if (spec.body) checkBodyShape(req.body);
        // Express parses the query string at each read of `req.query`.
        const query: unknown = spec.query ? req.query : undefined;
        if (spec.query) checkText(query);
        if (spec.params) checkText(req.params);
        const input = {
          body: parse(spec.body, req.body),
          query: parse(spec.query, query),
          params: parse(spec.params, req.params),
          user: req.auth,
          req,
          res,
        } as RouteInput<z.infer<B>, z.infer<Q>, z.infer<P>, A>;
        const result = await spec.handler(input);
        if (res.headersSent) return;
        if (spec.response && this.registry.checkResponses) checkResponse(`${spec.method.toUpperCase()} ${route}`, spec.response, result);
        if (status === 204 || result === undefined) res.status(status).end();
        else if (result instanceof PreparedJson) sendPreparedJson(req, res.status(status), result);
        else sendJson(req, res.status(status), result);
      } catch (error) {
        next(error);
      }
    };
    if (checkedHere) this.router[spec.method](route, handle);
    else this.router[spec.method](route, accessCheck(spec.access), ...before, handle);
    return this;
  }

  private fullPath(path: string) {
    return path === '/' ? this.mount : this.mount + path;
  }

  private document(spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType, Access, z.ZodType | undefined>) {
    const access = spec.access === 'public' || spec.access === 'signedIn' ? spec.access : 'rights';
    this.registry.add({
      method: spec.method,
      path: this.fullPath(spec.path),
      summary: spec.summary,
      tag: this.tag,
      access,
      permissions: access === 'rights' ? [...(spec.access as readonly Right[])] : [],
      status: spec.status ?? (spec.method === 'post' ? 201 : 200),
      body: spec.body,
      query: spec.query,
      params: spec.params,
      response: spec.response,
      fileMediaTypes: spec.fileMediaTypes,
      bodyContentType: spec.bodyContentType,
    });
  }
}
