import { Hono } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import type { AppEnv } from '#src/server/context.ts';
import { notFound } from '#src/server/errors.ts';
import { buildOpenApiDocument } from './build-document';
import { DOCS_CSP, DOCS_PAGE, docsAsset } from './docs-page';

// `/api/openapi.json` and the docs page `/api/docs`, public. The document describes the app it is
// mounted in (`getApp`, the whole app, these routes included); built once, on its first request.
export function openApiRoutes(getApp: () => Hono<AppEnv, never, string>) {
  let document: Promise<unknown> | undefined;
  return new Hono<AppEnv>()
    .get('/openapi.json', async (c) => {
      document ??= buildOpenApiDocument(getApp() as never).catch((error) => {
        document = undefined;
        throw error;
      });
      return c.json(await document, 200);
    })
    .get('/docs', (c) => {
      c.header('Content-Security-Policy', DOCS_CSP);
      c.header('Cache-Control', 'no-cache');
      return c.html(DOCS_PAGE, 200);
    })
    .get('/docs/:asset', async (c) => {
      const asset = await docsAsset(c.req.param('asset'));
      if (!asset) throw notFound('File');
      c.header('Content-Type', asset.type);
      // swagger-ui-dist changes with a release only; an hour spares a reload the 1.5 MB bundle.
      c.header('Cache-Control', 'public, max-age=3600');
      c.header('Vary', 'Accept-Encoding');
      if (acceptsGzip(c.req.header('accept-encoding'))) {
        c.header('Content-Encoding', 'gzip');
        return c.body(new Uint8Array(asset.gzip), 200);
      }
      return c.body(new Uint8Array(asset.body), 200);
    });
}

const acceptsGzip = (header: string | undefined) =>
  parseAccept(header ?? '').some((accept) => (accept.type === 'gzip' || accept.type === '*') && accept.q > 0);
