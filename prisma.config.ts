import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import { migrationPool } from './prisma/migration-pool';

const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  experimental: { adapter: true },
  engine: 'js',
  adapter: async () => new PrismaPg(migrationPool(url)),
});
