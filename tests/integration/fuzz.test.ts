import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/shared/domain/rights';
import { signedInUser } from '../factories/users';
import { createTestApp, type TestApp } from '../setup/test-app';

/*
 * Property: whatever body a signed-in user holding every right sends to a write operation, the answer is never a 5xx,
 * and a 4xx changes no row. The operations are read from the OpenAPI document the server publishes, so a new route
 * is fuzzed without touching this file. Seeded and bounded (RUNS_PER_OPERATION) to run in about a minute.
 */
const SEED = 20_261_124;
const RUNS_PER_OPERATION = 5;
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
// A failed login is recorded by design (LoginAttempt); everything else must stay as it was on a 4xx.
const LOGGED_BY_DESIGN = new Set(['LoginAttempt', '_prisma_migrations']);

interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  method: (typeof WRITE_METHODS)[number];
  path: string;
  properties: string[];
  /** A body the schema's types, formats and required fields would accept, for the mutations to get past them. */
  base: unknown;
  contentType: string | undefined;
}

interface OpenApi {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: JsonSchema }> } }>>;
}

/** The plainest value of a JSON schema: enough for a body to reach the service, where stored values go wrong. */
function plausible(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return plausible(choice.find((each) => each.type !== 'null') ?? choice[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const formatted: Record<string, string> = {
        uuid: '00000000-0000-4000-8000-000000000000',
        'date-time': '2026-07-01T08:00:00.000Z',
        date: '2026-07-01',
        email: 'fuzz@example.com',
        uri: 'https://example.com',
      };
      return formatted[schema.format ?? ''] ?? 'Fuzz'.padEnd(schema.minLength ?? 0, 'z');
    }
    case 'number':
    case 'integer':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => plausible(schema.items, depth + 1));
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, plausible(schema.properties?.[key], depth + 1)]));
    default:
      return null;
  }
}

function writeOperations(document: OpenApi): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    WRITE_METHODS.filter((method) => methods[method]).map((method) => {
      const content = methods[method]?.requestBody?.content ?? {};
      const [contentType, media] = Object.entries(content)[0] ?? [];
      const properties = Object.keys(media?.schema?.properties ?? {});
      return { method, path, properties, base: plausible(media?.schema), contentType };
    }),
  );
}

const ring = (vertices: number) => {
  const positions = Array.from({ length: vertices - 1 }, (_, i) => {
    const angle = (2 * Math.PI * i) / (vertices - 1);
    return [2.35 + 0.01 * Math.cos(angle), 48.85 + 0.01 * Math.sin(angle)];
  });
  return [...positions, positions[0]];
};
const HUGE_GEOMETRY = { type: 'MultiPolygon', coordinates: [[ring(30_000)]] };
const MEGABYTE = 'é'.repeat(512 * 1024);

/** The input classes of issue 13: NUL, lone surrogates, year 0000, 1 MB strings, deep nesting, huge geometry. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '0000-01-01',
    '0000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59Z',
    MEGABYTE,
    HUGE_GEOMETRY,
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    },
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER,
    '',
    ' ',
    null,
    true,
    [],
    {},
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.date({ min: new Date(-62_167_219_200_000), max: new Date(8_000_000_000_000), noInvalidDate: true }).map((date) => date.toISOString()),
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
);

/** A plausible body with one nasty field, a body of nasty fields, or something else entirely. */
function bodies(operation: Operation): fc.Arbitrary<{ raw?: string; json?: unknown }> {
  const shaped = operation.properties.length
    ? fc.dictionary(fc.constantFrom(...operation.properties), nasty, { maxKeys: operation.properties.length }).map((json) => ({ json }))
    : fc.constant({ json: {} });
  const mutated = operation.properties.length
    ? fc
        .tuple(fc.constantFrom(...operation.properties), nasty)
        .map(([key, value]) => ({ json: { ...(operation.base as Record<string, unknown>), [key]: value } }))
    : shaped;
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 2, arbitrary: shaped },
    { weight: 2, arbitrary: nasty.map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 20_000 }).map((depth) => ({ raw: '['.repeat(depth) + ']'.repeat(depth) })) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '\u0000', '{"a":"\\ud800"}', 'null').map((raw) => ({ raw })) },
  );
}

const pathIds = fc.constantFrom('00000000-0000-4000-8000-000000000000', 'not-an-id', '%00', 'a'.repeat(300));

describe('fuzz: every write operation, arbitrary bodies', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  let operations: Operation[];
  let tables: string[];
  let snapshotSql: string;

  beforeAll(async () => {
    t = await createTestApp();
    auth = (await signedInUser(t.app, t.db.prisma, [...RIGHTS], { agreementStatus: 'validated' })).auth;
    operations = writeOperations((await request(t.app).get('/api/openapi.json')).body as OpenApi);
    const rows = await t.db.pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    tables = rows.rows.map((row) => row.table_name).filter((name) => !LOGGED_BY_DESIGN.has(name));
    const columns = await t.db.pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'updatedAt'",
    );
    const updated = new Set(columns.rows.map((row) => row.table_name));
    const parts = tables.map(
      (table) =>
        `(SELECT count(*)::text${updated.has(table) ? ` || '@' || coalesce(max("updatedAt")::text, '')` : ''} FROM "${table}") AS "${table}"`,
    );
    snapshotSql = `SELECT ${parts.join(', ')}`;
  });
  afterAll(() => t.close());

  /** Rows per table, and the latest change where the table keeps one: what a refused request must leave as it was. */
  async function snapshot(): Promise<Record<string, string>> {
    const result = await t.db.pool.query<Record<string, string>>(snapshotSql);
    return result.rows[0] as Record<string, string>;
  }

  it('derives the write operations from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations).toContainEqual(expect.objectContaining({ method: 'post', path: '/api/preflights' }));
    expect(operations).toContainEqual(expect.objectContaining({ method: 'post', path: '/api/zones/intersect' }));
  });

  it('no operation answers 5xx, and none changes a row when it answers 4xx', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(bodies(operation), pathIds, async (body, id) => {
          const path = operation.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(id));
          const before = await snapshot();
          let call = request(t.app)[operation.method](path).set(auth);
          if (operation.contentType?.startsWith('multipart/')) {
            call = call.field('recordType', String(body.raw ?? JSON.stringify(body.json)).slice(0, 100));
          } else if (body.raw !== undefined) {
            call = call.set('Content-Type', 'application/json').send(body.raw);
          } else {
            call = call.set('Content-Type', 'application/json').send(JSON.stringify(body.json ?? null));
          }
          const response = await call;
          const where = `${operation.method.toUpperCase()} ${operation.path} → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
          if (response.status >= 500) failures.push(where);
          else if (response.status >= 400) {
            const after = await snapshot();
            const changed = tables.filter((table) => before[table] !== after[table]);
            if (changed.length > 0) failures.push(`${where}: changed ${changed.join(', ')}`);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
