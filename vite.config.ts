import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { basemapTiles } from './scripts/basemap-tiles';

// What the first screen draws with (React, i18next, Mantine's core, the components of the signed-out
// screens and the three small ones of ours they share), in one file rather than some thirty small shared chunks: the
// login page is one request for all of it and compresses better (docs/navigation.md, "Bundle"). Everything else stays
// split by route. React Router is not in it: the login page of a first visit draws without it (src/app/first-screen.tsx).
const FIRST_SCREEN_MODULES =
  /node_modules[\\/]((react|react-dom|scheduler|i18next|react-i18next)[\\/]|@mantine[\\/]core[\\/]esm[\\/](core[\\/](?!utils[\\/])[^\\/]+|components[\\/](Alert|Anchor|Box|Button|Center|Container|Group|Input|InputBase|Loader|Paper|PasswordInput|Stack|Text|TextInput|Title|Transition|UnstyledButton))[\\/])|src[\\/]components[\\/]ui[\\/](page-header|public-card|password-input)\.tsx$/;

// React Router ships a production build beside the one its package exports name: the same code without the
// development warnings (`ENABLE_DEV_WARNINGS`). The built app uses it; the dev server and the tests keep the warnings.
const reactRouterBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const BUILD_ALIASES = [
  { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)) },
  { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
];

const COMPRESSIBLE = /\.(js|css|json|svg)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Quality 11 takes seconds on the megabyte chunks (maplibre, the mission editor), which load after the first screen.
const brotliQuality = (bytes: number) => (bytes > 512 * 1024 ? 9 : 11);

/**
 * Brotli (quality 11, 9 for the largest files) and gzip (level 9) copies of the built assets, compressed once here rather than on every request:
 * the server sends them to browsers that accept them (server/lib/precompressed.ts). Brotli at its best quality is
 * about 15 % smaller than what the compression middleware can afford per request.
 */
function precompressAssets(): Plugin {
  let assetsDir = '';
  return {
    name: 'aerogate:precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async writeBundle() {
      const files = (await readdir(assetsDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(path.join(assetsDir, file));
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(data.length), [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
            gzipped(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(path.join(assetsDir, `${file}.br`), br), writeFile(path.join(assetsDir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

/**
 * The offline basemap's vector tiles (scripts/basemap-tiles.ts), cut from their sources at each build and written into
 * dist/basemap/tiles; the dev server cuts them once and serves them from memory. A tile with nothing to draw is not
 * written: the server answers 204 for it (server/app.ts).
 */
function basemapVectorTiles(): Plugin {
  let outDir = '';
  let served: ReturnType<typeof basemapTiles> | undefined;
  return {
    name: 'aerogate:basemap-tiles',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const tiles = basemapTiles();
      const folders = new Set([...tiles.keys()].map((key) => path.dirname(key)));
      await Promise.all([...folders].map((folder) => mkdir(path.join(outDir, 'basemap/tiles', folder), { recursive: true })));
      await Promise.all([...tiles].map(([key, data]) => writeFile(path.join(outDir, 'basemap/tiles', `${key}.pbf`), data)));
    },
    configureServer(server) {
      server.middlewares.use('/basemap/tiles/', (req, res) => {
        served ??= basemapTiles();
        const data = served.get(req.url?.replace(/^\//, '').replace(/\.pbf$/, '') as never);
        res.statusCode = data ? 200 : 204;
        res.end(data);
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompressAssets(), basemapVectorTiles()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...(command === 'build' ? BUILD_ALIASES : [])],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1600,
    // No polyfill for `<link rel="modulepreload">`: a browser without it (Safari before 17) loads the same modules, only
    // without fetching them ahead.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-screen', test: FIRST_SCREEN_MODULES }] } } },
  },
}));
