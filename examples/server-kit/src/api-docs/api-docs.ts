import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createOpenApiDocument, type Operation } from '@gatehousejs/http';
import type { PageRequest, PageResponse } from '../web-response.js';

/** The example's own routes, added to the library's operations in its document. */
const EXAMPLE_OPERATIONS: Readonly<Record<string, Operation>> = {
  'GET /api/v1/health': {
    summary: 'Liveness',
    tag: 'users',
    bearer: false,
    responses: { 200: { description: '`{ status: "ok" }` while the process serves.' } },
  },
  'GET /api/v1/reports': {
    summary: 'Example resource for managers',
    tag: 'users',
    bearer: true,
    roles: ['manager', 'admin', 'super'],
    responses: { 200: { description: '`{ reports: [...] }`' } },
  },
};

// swagger-ui-dist is served from the installed package: the page works offline, with no CDN.
const SWAGGER_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gatehouse API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<script src="/docs/swagger-ui-bundle.js" defer></script>
<script src="/docs/init.js" defer></script>
</head>
<body><div id="swagger-ui"></div></body>
</html>
`;

// A file, not an inline script: the page's CSP allows scripts from this origin only.
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false });
});
`;

// Swagger UI sets inline style attributes, hence 'unsafe-inline' for styles only; scripts stay 'self'.
const DOCS_HEADERS = Object.freeze({
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
});

let documentJson: string | undefined;
const swaggerFiles = new Map<string, string>();

function swaggerFile(name: string): string {
  let body = swaggerFiles.get(name);
  if (body === undefined) {
    body = readFileSync(join(SWAGGER_DIR, name), 'utf8');
    swaggerFiles.set(name, body);
  }
  return body;
}

/**
 * `GET /api/v1/openapi.json` (the OpenAPI 3.1 document of the library's routes and the example's)
 * and `GET /docs` (Swagger UI, served from the installed swagger-ui-dist: no CDN). Public: the
 * document holds no secret. Returns `undefined` for any other request.
 */
export function handleApiDocs(req: Pick<PageRequest, 'method' | 'path'>): PageResponse | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.path === '/api/v1/openapi.json') {
    documentJson ??= JSON.stringify(createOpenApiDocument({ extraOperations: EXAMPLE_OPERATIONS }));
    return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' }, body: documentJson };
  }
  if (req.path === '/docs')
    return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', ...DOCS_HEADERS }, body: DOCS_HTML };
  if (req.path === '/docs/init.js')
    return { status: 200, headers: { 'Content-Type': 'text/javascript; charset=utf-8', ...DOCS_HEADERS }, body: INIT_JS };
  const name = req.path.startsWith('/docs/') ? req.path.slice('/docs/'.length) : '';
  const type = Object.hasOwn(SWAGGER_FILES, name) ? SWAGGER_FILES[name] : undefined;
  if (!type) return undefined;
  return {
    status: 200,
    headers: { 'Content-Type': type, ...DOCS_HEADERS, 'Cache-Control': 'public, max-age=3600' },
    body: swaggerFile(name),
  };
}
