import { readFile } from 'node:fs/promises';
import express, { type Request, type RequestHandler } from 'express';
import multer from 'multer';
import {
  datasetNameSchema,
  zoneExportQuerySchema,
  zoneFeatureCollectionSchema,
  zoneImportQuerySchema,
  zoneImportResultSchema,
  zoneIntersectBodySchema,
  zoneIntersectResultSchema,
  zoneViewQuerySchema,
} from '../../src/shared/contracts/zones';
import { LANGUAGES, type Language } from '../../src/shared/domain/enums';
import type { Right } from '../../src/shared/domain/rights';
import { ApiRouter, fieldErrors } from '../lib/api-router';
import { AppError } from '../lib/app-error';
import { diskUpload, type UploadReader } from '../lib/uploads';
import type { ApiRegistry } from '../openapi';
import type { ZonesService } from './zones.service';

// The French file is 7.7 MB; national feeds with detailed coastlines can be several times larger.
const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

const readJsonAsText = express.text({ type: ['application/json', 'application/geo+json', 'text/plain'], limit: IMPORT_MAX_BYTES });

/** Streams an uploaded file to a temporary file, its size limit enforced while it streams. */
const readUploadWith =
  (upload: UploadReader): RequestHandler =>
  (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) next(new AppError('BAD_REQUEST', `Upload refused: ${error.message}`));
      else next(error);
    });
  };

const IMPORT_RIGHTS: readonly Right[] = ['AIRSPACE_EDIT_ADMIN'];

async function importedText(req: Request): Promise<{ text: string; fileName?: string }> {
  if (req.file) return { text: await readFile(req.file.path, 'utf8'), fileName: req.file.originalname };
  if (typeof req.body === 'string' && req.body.length > 0) return { text: req.body };
  throw new AppError('BAD_REQUEST', 'Send the geozone file as an application/json body or as the multipart field "file"');
}

/** `dataset` comes from the query string, or from a form field of a multipart upload. */
function datasetOf(req: Request, fromQuery: string | undefined): string | undefined {
  if (fromQuery !== undefined || !req.file) return fromQuery;
  const field = (req.body as Record<string, unknown> | undefined)?.dataset;
  if (field === undefined) return undefined;
  const parsed = datasetNameSchema.safeParse(field);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: prefixed(fieldErrors(parsed.error)) });
  return parsed.data;
}

function prefixed(fields: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key === '_' ? 'dataset' : `dataset.${key}`, messages]));
}

/** The interface language the SPA sends (Accept-Language), for the credits shown on its maps. */
function languageOf(req: Request): Language {
  const accepted = req.acceptsLanguages(...LANGUAGES);
  return LANGUAGES.find((language) => language === accepted) ?? 'en';
}

export function zonesRouter(registry: ApiRegistry, zones: ZonesService, uploadDir: string) {
  const readUpload = readUploadWith(diskUpload(uploadDir, { maxBytes: IMPORT_MAX_BYTES, fields: 4 }));
  return new ApiRouter(registry, '/api/zones', 'zones')
    .route({
      method: 'post',
      path: '/import',
      summary:
        'Imports an ED-269 or ED-318 geozone file, sent as the JSON body or as the multipart field "file" (with an optional field "dataset"). ' +
        'Zones that fail are listed and left out, the others stored; a dataset imported again under the same name is replaced.',
      access: IMPORT_RIGHTS,
      query: zoneImportQuerySchema,
      response: zoneImportResultSchema,
      bodyBytes: null,
      before: [readJsonAsText, readUpload],
      handler: async ({ req, query, user }) => {
        const { text, fileName } = await importedText(req);
        return zones.importFile(text, { dataset: datasetOf(req, query.dataset), fileName, importedById: user.id });
      },
    })
    .route({
      method: 'get',
      path: '/',
      summary: 'The geozones in a map view (bbox=minLon,minLat,maxLon,maxLat, at most 3° on each side): one GeoJSON feature per volume',
      access: 'signedIn',
      query: zoneViewQuerySchema,
      response: zoneFeatureCollectionSchema,
      handler: ({ query, req }) => zones.zonesInView(query.bbox, languageOf(req)),
    })
    .route({
      method: 'get',
      path: '/export',
      summary: 'The stored geozones, optionally of one dataset or country, as an ED-269 or ED-318 document',
      access: 'signedIn',
      query: zoneExportQuerySchema,
      handler: async ({ query, res }) => {
        const document = await zones.exportZones(query);
        const suffix = [query.dataset, query.country]
          .filter(Boolean)
          .join('-')
          .replace(/[^\w.-]+/g, '_');
        res.attachment(`aerogate-geozones${suffix ? `-${suffix}` : ''}-${query.format}.json`);
        return document;
      },
    })
    .route({
      method: 'post',
      path: '/intersect',
      summary: 'The geozones a mission area touches at its height and start time, most restrictive first',
      access: 'signedIn',
      body: zoneIntersectBodySchema,
      response: zoneIntersectResultSchema,
      status: 200,
      handler: ({ body, req }) => zones.intersect(body, languageOf(req)),
    }).router;
}
