import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { utcTimestampTypes } from '../../../server/lib/prepared';

const parse = (oid: number, value: string) => (utcTimestampTypes.getTypeParser(oid, 'text') as (text: string) => unknown)(value);

describe('timestamp columns read by the prepared statements', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('reads a timestamp without time zone as the UTC instant Prisma wrote, whatever the process time zone', () => {
    process.env.TZ = 'America/New_York';
    expect((parse(pg.types.builtins.TIMESTAMP, '2026-12-01 08:00:00.123') as Date).toISOString()).toBe('2026-12-01T08:00:00.123Z');
    expect((parse(pg.types.builtins.TIMESTAMP, '2026-07-01 23:30:00') as Date).toISOString()).toBe('2026-07-01T23:30:00.000Z');
  });

  it('leaves the other types to node-postgres', () => {
    expect(parse(pg.types.builtins.INT4, '42')).toBe(42);
    expect(parse(pg.types.builtins.JSONB, '{"a":1}')).toEqual({ a: 1 });
  });
});
