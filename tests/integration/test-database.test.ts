import { describe, expect, it } from 'vitest';
import { createUser } from '../factories/users';
import { createTestDatabase } from '../setup/test-database';

// On PGlite a closed database may come back to the worker's next test (tests/setup/test-database.ts): it must come back
// as a fresh one, whatever the test before did to it.
describe('createTestDatabase', () => {
  it('gives a database without the rows, the schema changes, the schemas or the session state of a closed one', async () => {
    const used = await createTestDatabase();
    await createUser(used.prisma);
    await used.pool.query('ALTER TABLE "User" ADD COLUMN left_behind integer');
    await used.pool.query('CREATE SCHEMA left_behind');
    await used.pool.query("SET application_name = 'left_behind'");
    await used.close();

    const next = await createTestDatabase();
    try {
      expect(await next.prisma.user.count()).toBe(0);
      const column = await next.pool.query("SELECT 1 FROM information_schema.columns WHERE column_name = 'left_behind'");
      expect(column.rowCount).toBe(0);
      const schema = await next.pool.query("SELECT 1 FROM pg_namespace WHERE nspname = 'left_behind'");
      expect(schema.rowCount).toBe(0);
      const setting = await next.pool.query<{ name: string }>('SELECT current_setting($1) AS name', ['application_name']);
      expect(setting.rows[0]!.name).not.toBe('left_behind');
    } finally {
      await next.close();
    }
  });

  it('gives a database whose sequences start over once a closed one is emptied', async () => {
    const used = await createTestDatabase();
    const advanced = await used.pool.query(
      "SELECT nextval(format('%I.%I', schemaname, sequencename)::regclass) FROM pg_sequences WHERE schemaname = 'public'",
    );
    expect(advanced.rowCount).toBeGreaterThan(0);
    await used.close();

    const next = await createTestDatabase();
    try {
      const sequences = await next.pool.query("SELECT 1 FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL");
      expect(sequences.rowCount).toBe(0);
    } finally {
      await next.close();
    }
  });
});
