import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../src/shared/domain/webhook-events';

export interface DocumentedRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  access: 'public' | 'signedIn' | 'rights';
  permissions: string[];
  status: number;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** Media types of the file a download route answers. */
  fileMediaTypes?: readonly string[];
  /** Content type of the request body when it is not JSON (uploads). */
  bodyContentType?: string;
}

/** Collects every route declared through ApiRouter; the OpenAPI document is built from it. */
export class ApiRegistry {
  readonly routes: DocumentedRoute[] = [];

  /** @param checkResponses parse every answer with its route's response schema (development and tests). */
  constructor(readonly checkResponses: boolean) {}

  add(route: DocumentedRoute) {
    this.routes.push(route);
  }
}

export function createRegistry(options: { checkResponses: boolean }): ApiRegistry {
  return new ApiRegistry(options.checkResponses);
}

const ERROR_RESPONSES: Record<number, string> = {
  400: 'Malformed request',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  422: 'Invalid input',
};

const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
}

function parameters(schema: z.ZodType | undefined, location: 'query' | 'path') {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !field.safeParse(undefined).success,
    schema: jsonSchema(field, 'input'),
  }));
}

function operation(route: DocumentedRoute) {
  const responses: Record<string, unknown> = {
    [route.status]: route.response
      ? { description: 'Success', content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } }
      : route.fileMediaTypes
        ? {
            description: 'The file, as an attachment',
            content: Object.fromEntries(route.fileMediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          }
        : { description: 'Success' },
  };
  for (const [code, description] of Object.entries(ERROR_RESPONSES)) {
    if (route.access === 'public' && (code === '401' || code === '403')) continue;
    responses[code] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  return {
    summary: route.summary,
    tags: [route.tag],
    security: route.access === 'public' ? [] : [{ bearer: [] }],
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { [route.bodyContentType ?? 'application/json']: { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses,
    'x-access': route.access,
    'x-permissions': route.permissions,
  };
}

export function openApiDocument(registry: ApiRegistry) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of registry.routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method] = operation(route);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Aerogate API',
      version: '1.0.0',
      description: 'Drone operations platform. x-permissions lists the rights an operation requires (any one of them suffices).',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A session access token (JWT, POST /api/security/login), or a personal API credential `agk_…` (POST /api/credentials): ' +
            'scope `read` for GET requests only, `write` for every request its owner may make.',
        },
      },
      schemas: { Error: jsonSchema(errorSchema, 'output') },
    },
    paths,
    'x-webhooks': webhookEvents(),
  };
}

/**
 * OpenAPI 3.0 has no `webhooks` section: the events a webhook endpoint receives are described here, each as the POST
 * its endpoint is sent (docs/operations.md "Webhooks and API credentials").
 */
function webhookEvents() {
  const headers = Object.fromEntries(
    [
      ['webhook-id', "The delivery's id, the same on every attempt: drop a message whose id you have seen"],
      ['webhook-timestamp', 'Seconds since the epoch when this attempt was signed'],
      [
        'webhook-signature',
        "`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint's secret (whsec_…, base64 after the prefix)",
      ],
    ].map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
  );
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          summary: `${event}, signed per Standard Webhooks`,
          parameters: Object.entries(headers).map(([name, header]) => ({ name, in: 'header', required: true, ...header })),
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', enum: [event] },
                    timestamp: { type: 'string', format: 'date-time' },
                    data: { type: 'object' },
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Received; any other answer or none within the timeout is retried with backoff' } },
        },
      },
    ]),
  );
}
