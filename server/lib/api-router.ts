import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import type { Right } from '../../src/shared/domain/rights';
import { AppError } from './app-error';
import type { ApiRegistry } from '../openapi';
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
  bodyContentType?: string;
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

/** One declaration per endpoint: the Express route (validation, access check) and its OpenAPI entry. */
export class ApiRouter {
  readonly router = Router();

  constructor(
    private readonly registry: ApiRegistry,
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
    this.router[spec.method](this.fullPath(spec.path), ...(spec.before ?? []), handle);
    return this;
  }

  private fullPath(path: string) {
    return path === '/' ? this.mount : this.mount + path;
  }

  private document(spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType, Access>) {
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
      bodyContentType: spec.bodyContentType,
    });
  }
}
