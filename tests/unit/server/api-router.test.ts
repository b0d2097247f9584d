import express, { Router, type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRouter, bySegment, routersBehind, underPrefix } from '../../../server/lib/api-router';
import { createRegistry } from '../../../server/openapi';

const itemSchema = z.object({ id: z.string(), count: z.number().int() });

/** One route answering `value` under the contract `itemSchema`; errors are answered as the error handler would. */
function appAnswering(value: unknown, checkResponses: boolean) {
  const logged: string[] = [];
  const app = express();
  app.use(
    new ApiRouter(createRegistry({ checkResponses }), '/api/items', 'items').route({
      method: 'get',
      path: '/',
      summary: 'An item',
      access: 'public',
      response: itemSchema,
      handler: () => value as z.output<typeof itemSchema>,
    }).router,
  );
  const handler: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    logged.push(error.message);
    res.status(500).json({ code: 'UNEXPECTED' });
  };
  app.use(handler);
  return { app, logged };
}

describe('ApiRouter response contracts', () => {
  it('answers what the contract describes', async () => {
    const { app, logged } = appAnswering({ id: 'a', count: 2 }, true);
    const response = await request(app).get('/api/items');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: 'a', count: 2 });
    expect(logged).toEqual([]);
  });

  it.each([
    ['a field of another type', { id: 'a', count: '2' }, 'count'],
    ['a missing field', { id: 'a' }, 'count'],
    ['a field the contract does not have', { id: 'a', count: 2, secret: 'x' }, '.secret'],
  ])('checking responses, turns %s into a 500 whose logged error names the route', async (_case, value, field) => {
    const { app, logged } = appAnswering(value, true);
    const response = await request(app).get('/api/items');
    expect(response.status).toBe(500);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('The response of GET /api/items breaks its contract');
    expect(logged[0]).toContain(field);
  });

  it('without the check (production), sends what the handler returned', async () => {
    const { app, logged } = appAnswering({ id: 'a', count: '2' }, false);
    const response = await request(app).get('/api/items');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: 'a', count: '2' });
    expect(logged).toEqual([]);
  });

  it('does not compile a handler whose return type differs from the declared response (npm run typecheck)', async () => {
    const router = new ApiRouter(createRegistry({ checkResponses: true }), '/api/items', 'items').route({
      method: 'get',
      path: '/',
      summary: 'An item',
      access: 'public',
      response: itemSchema,
      // @ts-expect-error count must be a number: typecheck fails if this line compiles
      handler: () => ({ id: 'a', count: '2' }),
    }).router;
    const response = await request(express().use(router)).get('/api/items');
    expect(response.status).toBe(500);
  });
});

describe('routers passed a request by its first segment after /api/', () => {
  const answering = (registry: ReturnType<typeof createRegistry>, mount: string, path: string, name: string) =>
    new ApiRouter(registry, mount, name).route({
      method: 'get',
      path,
      summary: name,
      access: 'public',
      handler: () => ({ name }),
    }).router;

  const app = () => {
    const registry = createRegistry({ checkResponses: false });
    const plain = Router();
    plain.get('/api/plain', (_req, res) => {
      res.json({ name: 'plain' });
    });
    const app = express();
    app.use(
      bySegment([
        answering(registry, '/api/items', '/', 'items'),
        answering(registry, '/api', '/items/:id/parts', 'parts, mounted at /api'),
        plain,
        answering(registry, '/api/users', '/:id', 'users'),
        answering(registry, '/api/users', '/:id', 'users, second'),
        answering(registry, '/api', '/:anything/open', 'any first segment'),
      ]),
    );
    app.use((_req, res) => {
      res.status(404).json({ name: 'none' });
    });
    return app;
  };

  it.each([
    ['/api/items', 'items'],
    ['/api/ITEMS/', 'items'],
    ['/api/items/7/parts', 'parts, mounted at /api'],
    ['/api/plain', 'plain'],
    ['/api/users/3', 'users'],
    ['/api/zones/open', 'any first segment'],
    ['/api/users/open', 'users'],
    ['/api/zones', 'none'],
    ['/elsewhere', 'none'],
  ])('%s is answered by %s, as the routers in their order would', async (path, name) => {
    const response = await request(app()).get(path);
    expect(response.body).toEqual({ name });
  });
});

describe('routers passed only the requests they may answer', () => {
  const named = (name: string) => (_req: express.Request, res: express.Response) => {
    res.json({ name });
  };
  const app = (...handlers: express.RequestHandler[]) => {
    const app = express();
    app.use(...handlers);
    app.use(named('none'));
    return app;
  };

  it('bySegment with no router for any path sends a request of another segment on', async () => {
    const registry = createRegistry({ checkResponses: false });
    const only = new ApiRouter(registry, '/api/status', 'status').route({
      method: 'get',
      path: '/',
      summary: 'status',
      access: 'public',
      handler: () => ({ name: 'status' }),
    }).router;
    const served = app(bySegment([only]));
    expect((await request(served).get('/api/status')).body).toEqual({ name: 'status' });
    expect((await request(served).get('/api/users')).body).toEqual({ name: 'none' });
  });

  it.each([
    ['/api/docs', 'docs'],
    ['/api/docs/', 'docs/'],
    ['/API/Docs/page.js', 'page'],
    ['/api/docsx', 'none'],
    ['/api/users', 'none'],
  ])('underPrefix passes %s to the router under /api/docs only (%s)', async (path, name) => {
    const docs = Router({ strict: true });
    docs.get('/api/docs', named('docs'));
    docs.get('/api/docs/', named('docs/'));
    docs.get('/api/docs/page.js', named('page'));
    const handler = underPrefix('/api/docs', docs);
    expect((await request(app(handler)).get(path)).body).toEqual({ name });
    expect(routersBehind(handler)).toEqual([docs]);
  });
});

describe('ApiRouter answers compressed at once', () => {
  /** A route answering 2 kB of JSON, after `prepare` set what it needs on the response. */
  function appWith(prepare: (res: express.Response) => void) {
    const app = express();
    app.use(
      new ApiRouter(createRegistry({ checkResponses: false }), '/api/items', 'items').route({
        method: 'get',
        path: '/',
        summary: 'Items',
        access: 'public',
        handler: ({ res }) => {
          prepare(res);
          return { text: 'x'.repeat(2048) };
        },
      }).router,
    );
    return app;
  }

  it('gzips a long answer for a client that accepts it', async () => {
    const response = await request(appWith(() => undefined))
      .get('/api/items')
      .set('accept-encoding', 'gzip');

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.body.text).toHaveLength(2048);
  });

  it('leaves an answer whose route asked for no transformation as it is', async () => {
    const app = appWith((res) => res.setHeader('Cache-Control', 'no-store, no-transform'));
    const response = await request(app).get('/api/items').set('accept-encoding', 'gzip');

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.text).toHaveLength(2048);
  });

  it('leaves it as it is for a client that refuses gzip', async () => {
    const response = await request(appWith(() => undefined))
      .get('/api/items')
      .set('accept-encoding', 'gzip;q=0, identity');

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.text).toHaveLength(2048);
  });
});
