import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * DOM test files that replace a module with `vi.mock` (the map, which jsdom cannot draw): they run isolated, since a
 * module another file of the same worker had already loaded would not be replaced. Found by reading the files, so a new
 * one is isolated too.
 */
const DOM_DIR = fileURLToPath(new URL('./tests/dom/', import.meta.url));
const DOM_MODULE_MOCKS = readdirSync(DOM_DIR, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name) && readFileSync(`${DOM_DIR}${name}`, 'utf8').includes('vi.mock('))
  .map((name) => `tests/dom/${name}`);

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    // A DOM test's waits each allow 30 s (tests/setup/dom.ts): a test holds several.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default leaves one core idle; the files are independent, so use them all.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'], testTimeout: 30_000, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/dom/**/*.test.{ts,tsx}'],
          exclude: DOM_MODULE_MOCKS,
          setupFiles: ['./tests/setup/dom.ts'],
          css: false,
          // The files share the imported modules (React, Mantine, the screens) instead of loading them again each.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-mocks',
          environment: 'jsdom',
          include: DOM_MODULE_MOCKS,
          setupFiles: ['./tests/setup/dom.ts'],
          css: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['./tests/setup/integration-global.ts'],
          testTimeout: 60_000,
          // Each file builds its own app on its own database; sharing the imported modules saves their load per file.
          isolate: false,
          // Each file migrates its own database before its first test; on a loaded machine that outlasts the default 10 s.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
