import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { contextLayerNameSchema, type ContextLayerName } from '../../../src/shared/contracts/context-layers';
import { AppError } from '../../lib/app-error';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';

const CONTEXT_DIR = new URL('../../../data-seed/context/', import.meta.url);
/** The Île-de-France files of OpenStreetMap, and the obstacles of France (docs/map.md "Obstacles"). */
const fileOf = (name: ContextLayerName) => (name === 'obstacles' ? 'fr-obstacles.geojson' : `idf-${name}.geojson`);

// The files change only with a release: a day in the browser cache, re-read from disk once per process.
const CACHE_CONTROL = 'private, max-age=86400';

export function contextLayersRouter(registry: ApiRegistry) {
  const files = new Map<ContextLayerName, Promise<Buffer>>();
  const load = (name: ContextLayerName) => {
    let file = files.get(name);
    if (!file) {
      file = readFile(fileURLToPath(new URL(fileOf(name), CONTEXT_DIR)));
      file.catch(() => files.delete(name));
      files.set(name, file);
    }
    return file;
  };
  return new ApiRouter(registry, '/api/context-layers', 'context-layers').route({
    method: 'get',
    path: '/:name',
    summary:
      'One context layer as GeoJSON: Île-de-France rail, motorways, powerlines, protected (© OpenStreetMap contributors, ODbL), or the obstacles of France (SIA)',
    access: 'signedIn',
    params: z.object({ name: z.string() }),
    handler: async ({ params, res }) => {
      const name = contextLayerNameSchema.safeParse(params.name);
      if (!name.success) throw new AppError('NOT_FOUND', 'No such context layer');
      const body = await load(name.data);
      res.setHeader('Cache-Control', CACHE_CONTROL);
      res.type('application/geo+json').send(body);
    },
  }).router;
}
