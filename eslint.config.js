import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// design.md example 9: features don't import each other, src/shared imports nothing app-specific,
// the SPA never imports the server, and the server only uses the isomorphic src/shared.
const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: combine them in src/app.',
  })),
  { target: './src/features', from: './src/app', message: 'Features do not import the app: the app composes them.' },
  {
    target: ['./src/components', './src/lib', './src/config'],
    from: ['./src/features', './src/app'],
    message: 'Components, lib and config are below the features: they import neither features nor the app.',
  },
  { target: './src/shared', from: './src', except: ['./shared'], message: 'src/shared is isomorphic and imports nothing app-specific.' },
  { target: './src/shared', from: './server', message: 'src/shared is isomorphic and imports nothing app-specific.' },
  { target: './src', from: './server', message: 'The SPA never imports the server.' },
  { target: './server', from: './src', except: ['./shared'], message: 'The server only imports the isomorphic src/shared.' },
];

// The packages src/shared may use: pure computation that runs the same in the browser and on the server.
const SHARED_PACKAGES = [
  'zod',
  'geojson',
  '@turf/turf',
  '@tmcw/togeojson',
  'papaparse',
  'flatbush',
  'date-holidays',
  '@photostructure/tz-lookup',
  '@date-fns/tz',
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'server/generated/', 'reports/', 'test-results/', 'data/', 'data-seed/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          alias: { '@': [new URL('./src', import.meta.url).pathname] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'axios', message: 'HTTP goes through src/lib (the API client).' }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!(${SHARED_PACKAGES.join('|')})$|\\.)`,
              message: `src/shared runs in the browser and on the server: it imports only its own files and ${SHARED_PACKAGES.join(', ')} (eslint.config.js).`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.repository.ts', 'server/lib/database*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^@prisma/client|generated/prisma)',
              message: 'Only repositories (*.repository.ts) and server/lib/database*.ts speak to the database (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  {
    files: ['server/cli/**', 'bench/**', 'scripts/**', 'tests/run-all.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
