import { createReadStream, readFileSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { accepts } from 'hono/accepts';
import { getCookie } from 'hono/cookie';
import { getMimeType } from 'hono/utils/mime';
import { cookieName } from '#src/paraglide/runtime.js';
import { type AppRoutePath, appRouteOf } from '#src/shared/app-routes.ts';
import { LOCALES } from '#src/shared/enums.ts';
import { TALENT_LINK_PAGE_PATH } from '#src/shared/talent-link-page.ts';
import type { AppEnv } from './context';
import type { Env } from './env';
import { linkPageOf, renderLinkPage } from './modules/talent-links/link-page';

// Serves the built PWA (dist/client) for everything outside /api:
// - hashed files under /assets/ are immutable for a year; the shell's entry points (index.html, sw.js,
//   the manifest, unhashed scripts) are revalidated on every use, so a new build is seen at once;
// - a path the app's router has a screen for (src/shared/app-routes.ts, any language prefix) answers
//   index.html with 200; any other path without a file extension answers index.html with 404 (the router
//   renders its own "not found" page, and the status says so too: `/login~` is no page); a missing file
//   WITH an extension answers a plain 404, so a stale chunk fails loudly and the client reloads instead of
//   parsing HTML as JavaScript;
// - source maps (*.map) are never served: they would hand out the app's sources (issue 22);
// - outside production the HTML carries a robots noindex unless the request's origin is APP_URL's
//   (seed section 1), plus the same X-Robots-Tag header;
// - the talent's consent and ITA pages answer talent.html with the link's content written in, in the
//   talent's language (issue 28: modules/talent-links/link-page.ts), never cached: it is one person's;
//   the talent's data page (the app's shell at /talent/data?token=…) and a company's review page
//   (/review?token=…, issue 45) are never cached either.

const ROBOTS = 'noindex, noarchive, nofollow';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
// The talent's data page (issue 43.12): its address holds the data link's token and the page shows
// their data, so no copy of it is kept anywhere (no-store, no ETag), as the consent and ITA pages. The
// data itself comes from /api/public/data, whose answers are no-store too (answer-basics.ts).
const NO_STORE_ROUTES = new Set<AppRoutePath>(['/talent/data/', '/review']);
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|javascript)|image\/svg\+xml)/;

type Shell = { key: string; indexed: string; plain: string };
const SHELLS = ['index.html', 'talent.html'];

export function webHandler(options: { clientDir: string; env: Env }): MiddlewareHandler<AppEnv> {
  const root = path.resolve(options.clientDir);
  const { env } = options;
  const appOrigin = new URL(env.APP_URL).origin;

  // Each HTML shell is read once and kept in both variants; a rebuild under a running server (new mtime)
  // is picked up on the next request, so the HTML never points at chunks that no longer exist.
  const shells = new Map<string, Shell>();
  const loadShell = (name: string): Shell | null => {
    const stats = statFile(path.join(root, name));
    if (!stats) return null;
    const key = `${stats.size}-${stats.mtimeMs}`;
    const known = shells.get(name);
    if (known?.key === key) return known;
    const html = readFileSync(path.join(root, name), 'utf8');
    const meta = `<meta name="robots" content="${ROBOTS}">`;
    // Right after <meta charset> (which must come first), else right after <head>.
    const anchor = /<meta charset[^>]*>/i.test(html) ? /<meta charset[^>]*>/i : /<head[^>]*>/i;
    const indexed = html.replace(anchor, (tag) => `${tag}\n    ${meta}`);
    const shell = { key, indexed, plain: html };
    shells.set(name, shell);
    return shell;
  };

  const noindexFor = (c: Context<AppEnv>): boolean => {
    if (env.APP_ENV === 'production') return false;
    return requestOrigin(c, env.TRUST_PROXY > 0) !== appOrigin;
  };

  return async (c) => {
    // The manifest's share target posts a shared CV here; the service worker answers it. Before the
    // worker is installed the server does, and the page then asks for the CV again (sw/share-target.ts).
    if (c.req.method === 'POST' && c.req.path === '/share-target') return c.redirect('/share-target?empty=1', 303);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' });
    }
    const current = loadShell('index.html');
    if (!current) {
      return c.text(
        `The app is not built: ${path.join(root, 'index.html')} is missing. Run \`npm run build\` (or \`npm start\`, which builds when needed).`,
        503,
        { 'Cache-Control': 'no-store', 'Retry-After': '30' },
      );
    }
    const noindex = noindexFor(c);
    if (noindex) c.header('X-Robots-Tag', ROBOTS);

    const file = resolveInside(root, c.req.path);
    // Source maps stay out of dist/client (build.mjs); one left there by an older build is not served either.
    if (file === null || /\.map$/i.test(file)) return notFound(c);

    const stats = file === root ? undefined : statFile(file);
    const shellFile = SHELLS.includes(path.basename(file));
    if (stats?.isFile() && !shellFile) return sendFile(c, file, stats);

    // Not a file: an app route answers the shell; anything that names a file is missing.
    const last = c.req.path.split('/').pop() ?? '';
    // talent.html is a template (below), not a page of its own.
    if (/\.[a-z0-9]+$/i.test(last) && path.basename(file) !== 'index.html') return notFound(c);

    // Without a token the address is no link: the app's own Page Not Found answers it (seed section 4).
    const token = c.req.query('token');
    const talent = token && TALENT_LINK_PAGE_PATH.test(c.req.path) ? loadShell('talent.html') : null;
    const page = talent && token ? linkPageOf(c.req.path, token) : null;
    if (talent && page) {
      // An address without a language prefix goes where the app's router would send it (lib/locale.ts):
      // the language the person chose before, else their browser's first one we speak.
      const preferred = page.locale === 'en' ? preferredLocale(c) : 'en';
      if (preferred !== 'en') {
        const url = new URL(c.req.url);
        return c.redirect(`/${preferred}${url.pathname}${url.search}`, 302);
      }
      c.header('Cache-Control', 'no-store');
      c.header('Content-Type', 'text/html; charset=utf-8');
      if (c.req.method === 'HEAD') return c.body(null, 200);
      return c.body(await renderLinkPage(c, noindex ? talent.indexed : talent.plain, page), 200);
    }

    const html = noindex ? current.indexed : current.plain;
    c.header('Content-Type', 'text/html; charset=utf-8');
    // /index.html itself is the service worker's precached shell: it answers as the page it is.
    const route = path.basename(file) === 'index.html' ? '/' : appRouteOf(c.req.path);
    if (!route || NO_STORE_ROUTES.has(route)) {
      c.header('Cache-Control', 'no-store');
      const status = route ? 200 : 404;
      if (c.req.method === 'HEAD') return c.body(null, status);
      return c.body(html, status);
    }
    const etag = `W/"${current.key}${noindex ? '-n' : ''}"`;
    c.header('Cache-Control', REVALIDATE);
    c.header('ETag', etag);
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
    if (c.req.method === 'HEAD') {
      c.header('Content-Length', String(Buffer.byteLength(html)));
      return c.body(null, 200);
    }
    return c.body(html, 200);
  };
}

// lib/locale.ts preferredLocaleHref on the server: the locale cookie, else the first of the browser's
// languages (by weight) the app speaks, `ms-MY` counting as `ms`, as paraglide's navigator strategy reads
// them.
function preferredLocale(c: Context<AppEnv>): string {
  const chosen = getCookie(c, cookieName);
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen;
  return accepts(c, {
    header: 'Accept-Language',
    supports: [...LOCALES],
    default: 'en',
    match: (languages, { supports, default: fallback }) =>
      languages
        .filter((language) => language.q > 0)
        .sort((a, b) => b.q - a.q)
        .map((language) => language.type.toLowerCase().split('-')[0] ?? '')
        .find((language) => supports.includes(language)) ?? fallback,
  });
}

function notFound(c: Context<AppEnv>) {
  return c.text('Not Found', 404, { 'Cache-Control': 'no-store' });
}

// The request's origin as the browser sees it; behind a trusted proxy its forwarded headers say so.
function requestOrigin(c: Context<AppEnv>, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  if (!trustProxy) return url.origin;
  const proto = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim() || url.protocol.replace(':', '');
  const host = c.req.header('X-Forwarded-Host')?.split(',')[0]?.trim() || url.host;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return url.origin;
  }
}

/** The file a URL path names, or null when the path is malformed or leaves the client folder. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment === '..' || (segment.startsWith('.') && segment.length > 1)))
    return null;
  const file = path.resolve(root, `.${decoded}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return file;
}

function statFile(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function cacheControlFor(urlPath: string): string {
  const name = urlPath.split('/').pop() ?? '';
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  if (
    name === 'sw.js' ||
    name === 'manifest.webmanifest' ||
    name === 'registerSW.js' ||
    /^workbox-.*\.js$/.test(name) ||
    // Unhashed scripts next to index.html (theme-init.js) change without changing their name.
    name.endsWith('.js') ||
    name.endsWith('.html')
  )
    return REVALIDATE;
  return SHORT;
}

function sendFile(c: Context<AppEnv>, file: string, stats: Stats) {
  const type = getMimeType(file) ?? 'application/octet-stream';
  const etag = `W/"${stats.size}-${Math.trunc(stats.mtimeMs)}"`;
  c.header('Content-Type', type);
  c.header('Cache-Control', cacheControlFor(c.req.path));
  c.header('ETag', etag);
  c.header('Last-Modified', stats.mtime.toUTCString());
  if (c.req.path.startsWith('/sw.js')) c.header('Service-Worker-Allowed', '/');

  let body = file;
  let size = stats.size;
  if (COMPRESSIBLE.test(type)) {
    c.header('Vary', 'Accept-Encoding');
    // build.mjs writes .br and .gz next to compressible files; serve one when the client takes it.
    const accepted = c.req.header('Accept-Encoding') ?? '';
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
      const compressed = statFile(file + suffix);
      if (compressed?.isFile()) {
        c.header('Content-Encoding', encoding);
        body = file + suffix;
        size = compressed.size;
        break;
      }
    }
  }
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
  c.header('Content-Length', String(size));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  const stream = Readable.toWeb(createReadStream(body)) as unknown as ReadableStream<Uint8Array>;
  return c.body(stream, 200);
}
