import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';

/** Where the API reference is served: by the API itself, so that it works with or without the built SPA. */
export const API_REFERENCE_PATH = '/api/docs';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Aerogate API reference</title>
    <link rel="stylesheet" href="swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="swagger-ui-bundle.js"></script>
    <script src="initializer.js"></script>
  </body>
</html>
`;

// An external script, not an inline one: the Content-Security-Policy allows scripts from this origin only.
const INITIALIZER = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/**
 * The API reference page (docs/operations.md "Webhooks and API credentials"): Swagger UI from the swagger-ui-dist
 * package, served from this origin (no CDN), rendering GET /api/openapi.json.
 */
export function apiReferenceRouter(): Router {
  const assets = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const router = Router({ strict: true });
  router.get(API_REFERENCE_PATH, (_req, res) => res.redirect(301, `${API_REFERENCE_PATH}/`));
  router.get(`${API_REFERENCE_PATH}/`, (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get(`${API_REFERENCE_PATH}/initializer.js`, (_req, res) => {
    res.type('js').send(INITIALIZER);
  });
  for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js'])
    router.get(`${API_REFERENCE_PATH}/${file}`, (_req, res, next) => {
      res.sendFile(path.join(assets, file), { maxAge: '1d' }, (error) => error && next(error));
    });
  return router;
}
