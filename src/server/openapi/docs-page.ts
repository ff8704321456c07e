import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The docs page: swagger-ui from our own node_modules (swagger-ui-dist), never a CDN (many deployments are
// offline), and never part of the PWA's build: vite does not see these files, the service worker does
// not precache them.

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Recruiter API</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// A file, not an inline script: the page's CSP allows scripts from this origin only.
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // The token typed in "Authorize" stays in the page, not in localStorage.
  persistAuthorization: false,
  // "Try it out" calls this origin; the refresh cookie travels with it.
  withCredentials: true,
});
`;

// Exactly what the page needs: its own scripts and style sheet, swagger-ui's inline SVG icons (data:),
// and calls to this origin (the document, "Try it out"). No inline script, no eval, no other origin.
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export type DocsAsset = { type: string; body: Buffer; gzip: Buffer };

const FILES: Record<string, { type: string; file?: string; text?: string }> = {
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'start.js': { type: 'text/javascript; charset=utf-8', text: START },
};
export const DOCS_ASSETS = Object.keys(FILES);

const loaded = new Map<string, Promise<DocsAsset>>();

/** One of the page's files, read and gzipped once, on its first request; undefined for any other name. */
export function docsAsset(name: string): Promise<DocsAsset> | undefined {
  const spec = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!spec) return undefined;
  let asset = loaded.get(name);
  if (!asset) {
    asset = (async () => {
      const body = spec.text !== undefined ? Buffer.from(spec.text) : await readFile(distFile(spec.file as string));
      return { type: spec.type, body, gzip: gzipSync(body) };
    })();
    loaded.set(name, asset);
  }
  return asset;
}

function distFile(name: string): string {
  const dir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return path.join(dir, name);
}
