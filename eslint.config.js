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

// The SPA shows the verdicts the server gives and never classifies: what it uses of the engine (codes, facts, the
// verdict's schema) comes from those files, not from src/shared/regulation's index, which brings the whole engine and
// date-holidays' calendars of every country (1.5 MB of JavaScript) into every screen that reads a mission.
const REGULATION_ENGINE = {
  regex: '^(@/shared|(\\.\\./)+shared|\\.\\.)/regulation$',
  message: "The SPA does not load the regulation engine: import from src/shared/regulation's own files (codes, facts, verdict).",
};

// docs/architecture.md "Layers": who may import what on the server. ESLint takes a rule's options from the last block
// naming the file, so each block lists every ban of its files, from the widest place to the narrowest.
const PRISMA = {
  regex: '(^@prisma/client|generated/prisma)',
  message: 'Only repositories (*.repository.ts) and server/lib/database*.ts speak to the database (docs/architecture.md).',
};
const PREPARED = {
  regex: '(^|/)lib/prepared$',
  message: 'Prepared statements are queries: only repositories and server/lib send them (docs/architecture.md).',
};
const APP_CONTEXT = {
  regex: '(^|/)context$',
  importNames: ['AppContext'],
  message:
    'Only the composition root (server/app.ts) and its builders (server/composition/) receive AppContext: give a module what it uses.',
};
const serverImportBans = [
  { files: ['server/**/*.ts'], patterns: [PRISMA, PREPARED, APP_CONTEXT] },
  { files: ['server/lib/**/*.ts'], patterns: [PRISMA, APP_CONTEXT] },
  { files: ['server/**/*.repository.ts', 'server/lib/database*.ts'], patterns: [APP_CONTEXT] },
  { files: ['server/app.ts', 'server/context.ts', 'server/composition/**/*.ts'], patterns: [PRISMA, PREPARED] },
].map(({ files, patterns }) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } }));
const NO_PRISMA_REEXPORT = 'The Prisma client is not re-exported: only the files that may import it use it (docs/architecture.md).';

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
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'axios', message: 'HTTP goes through src/lib (the API client).' }], patterns: [REGULATION_ENGINE] },
      ],
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
            REGULATION_ENGINE,
          ],
        },
      ],
    },
  },
  ...serverImportBans,
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ExportAllDeclaration', 'ExportNamedDeclaration'].map((node) => ({
          selector: `${node}[source.value=/${PRISMA.regex.replaceAll('/', '\\/')}/]`,
          message: NO_PRISMA_REEXPORT,
        })),
        { selector: 'ExportNamedDeclaration[source=null] > ExportSpecifier[local.name=/^Prisma(Client)?$/]', message: NO_PRISMA_REEXPORT },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
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
