import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { Right } from '../../src/shared/domain/rights';
import { errorResponseSchema } from '../../src/shared/contracts/common';
import { AppError } from './app-error';
import type { AuthUser } from './auth-token';

/** 'public': anyone; 'signedIn': any valid token; a list: a valid token holding at least one of the rights. */
export type Access = 'public' | 'signedIn' | readonly Right[];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface RouteInput<B, Q, P, A extends Access> {
  body: B;
  query: Q;
  params: P;
  user: A extends 'public' ? AuthUser | undefined : AuthUser;
  req: Request;
  res: Response;
}

export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, A extends Access> {
  method: Method;
  path: string;
  summary: string;
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  response?: z.ZodType;
  status?: 200 | 201 | 202 | 204;
  /** Extra middleware run before validation (rate limits, uploads). */
  before?: RequestHandler[];
  handler: (input: RouteInput<z.infer<B>, z.infer<Q>, z.infer<P>, A>) => Promise<unknown> | unknown;
}

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.infer<T> {
  if (!schema) return undefined as z.infer<T>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: fieldErrors(result.error) });
  }
  return result.data;
}

function checkAccess(access: Access, user: AuthUser | undefined) {
  if (access === 'public') return;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  if (access === 'signedIn') return;
  if (!access.some((right) => user.rights.has(right))) throw new AppError('NOT_ALLOWED', 'Not allowed');
}

const errorResponses = {
  400: 'Malformed request',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  422: 'Invalid input',
} as const;

/** One declaration per endpoint: the Express route (validation, access check) and its OpenAPI entry. */
export class ApiRouter {
  readonly router = Router();

  constructor(
    private readonly registry: OpenAPIRegistry,
    private readonly mount: string,
    private readonly tag: string,
  ) {}

  route<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, A extends Access>(spec: RouteSpec<B, Q, P, A>): this {
    this.document(spec);
    const status = spec.status ?? (spec.method === 'post' ? 201 : 200);
    const handle = async (req: Request, res: Response, next: NextFunction) => {
      try {
        checkAccess(spec.access, req.auth);
        const input = {
          body: parse(spec.body, req.body),
          query: parse(spec.query, req.query),
          params: parse(spec.params, req.params),
          user: req.auth,
          req,
          res,
        } as RouteInput<z.infer<B>, z.infer<Q>, z.infer<P>, A>;
        const result = await spec.handler(input);
        if (res.headersSent) return;
        if (status === 204 || result === undefined) res.status(status === 204 ? 204 : status).end();
        else res.status(status).json(result);
      } catch (error) {
        next(error);
      }
    };
    this.router[spec.method](spec.path, ...(spec.before ?? []), handle);
    return this;
  }

  private document(spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType, Access>) {
    const status = spec.status ?? (spec.method === 'post' ? 201 : 200);
    const path = (this.mount + spec.path).replace(/:(\w+)/g, '{$1}');
    const permissions = spec.access === 'public' || spec.access === 'signedIn' ? [] : [...spec.access];
    const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodType }> }> = {
      [status]: spec.response
        ? { description: 'Success', content: { 'application/json': { schema: spec.response } } }
        : { description: 'Success' },
    };
    for (const [code, description] of Object.entries(errorResponses)) {
      if (spec.access === 'public' && (code === '401' || code === '403')) continue;
      responses[code] = { description, content: { 'application/json': { schema: errorResponseSchema } } };
    }
    this.registry.registerPath({
      method: spec.method,
      path,
      summary: spec.summary,
      tags: [this.tag],
      security: spec.access === 'public' ? [] : [{ bearer: [] }],
      request: {
        ...(spec.body ? { body: { content: { 'application/json': { schema: spec.body } } } } : {}),
        ...(spec.query instanceof z.ZodObject ? { query: spec.query } : {}),
        ...(spec.params instanceof z.ZodObject ? { params: spec.params } : {}),
      },
      responses,
      'x-permissions': permissions,
      'x-access': spec.access === 'public' || spec.access === 'signedIn' ? spec.access : 'rights',
    });
  }
}
