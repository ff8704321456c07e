// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import type { AppDeps } from '#src/server/context.ts';
import { connect, type DB } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';
import { type Env, readEnv } from '#src/server/env.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import { webHandler } from '#src/server/web.ts';
import { APP_ROUTE_PATHS } from '#src/shared/app-routes.ts';

const ROBOTS = '<meta name="robots" content="noindex, noarchive, nofollow">';
const INDEX =
  '<!doctype html><html lang="en"><head><title>Recruiter</title></head><body><div id="app"></div></body></html>';
const APP_JS = 'console.log("app");';

let dataDir: string;
let clientDir: string;
let db: DB;

function appWith(overrides: Record<string, string> = {}, dir = clientDir) {
  const env: Env = readEnv({
    APP_ENV: 'test',
    JWT_SECRET: 'x'.repeat(40),
    SEALING_KEYS: `w1:${'ab'.repeat(32)}`,
    DATA_DIR: dataDir,
    ...overrides,
  });
  const deps: AppDeps = { db, env, storage: createStorage(env), now: () => new Date() };
  return createApp(deps, { web: webHandler({ clientDir: dir, env }) });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'recruiter-web-'));
  clientDir = path.join(dataDir, 'client');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  mkdirSync(path.join(clientDir, 'icons'), { recursive: true });
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz'), gzipSync(APP_JS));
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Recruiter"}');
  // As an older build (sourcemap: true) left them next to the chunks.
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  writeFileSync(path.join(clientDir, 'sw.js.map'), '{"version":3}');
  writeFileSync(path.join(clientDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(dataDir, 'secret.txt'), 'top secret');
  db = connect({});
  await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('serves hashed assets as immutable JavaScript', async () => {
    const res = await appWith().request('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(APP_JS);
  });

  it('serves a precompressed sibling when the client accepts it', async () => {
    const res = await appWith().request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
  });

  it('makes the browser revalidate index.html, sw.js and the manifest', async () => {
    const app = appWith();
    for (const [url, type] of [
      ['/', /^text\/html/],
      ['/index.html', /^text\/html/],
      ['/sw.js', /^text\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('Cache-Control'), url).toBe('no-cache');
      expect(res.headers.get('Content-Type'), url).toMatch(type);
    }
  });

  it('gives other static files a short cache', async () => {
    const res = await appWith().request('/icons/icon-192.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
  });

  it('answers index.html for an app route such as /ms/task', async () => {
    const res = await appWith().request('/ms/task?taskId=7');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<div id="app">');
  });

  // Issue 43.9: '/login~' and any other address answered the app with 200, as if it were a page.
  it('answers the app with 404 for an address the router has no screen for, in every language', async () => {
    const app = appWith();
    for (const url of [
      '/login~',
      '/login.',
      '/loginx',
      '/this/page/does-not-exist',
      '/ms/this/page/does-not-exist',
      '/zh/login~',
      '/ms/ms/login',
      '/talents-folder/12',
      '/talents-folder/12/profile/edit/more',
      '/admin/manage-task/2',
      '/admin/manage-task/recruiter-',
      '/talent/consent',
      '/talent/ita-success',
      '/wp-admin/',
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('Content-Type'), url).toMatch(/^text\/html/);
      expect(await res.text(), url).toContain('<div id="app">');
      expect(res.headers.get('ETag'), url).toBeNull();
    }
    expect((await app.request('/login~', { method: 'HEAD' })).status).toBe(404);
  });

  it('answers 200 for every screen of the router, with any language prefix, ids and trailing slashes', async () => {
    const app = appWith();
    // The screens the browser suites walk (tests/e2e/titles.spec.ts, routes.spec.ts), and more forms.
    const screens = [
      '/',
      '/contact',
      '/faq',
      '/privacy-policy',
      '/terms-and-conditions',
      // (/talent/consent?token= is the server's own page: talent-link-page.test.ts)
      '/talent/data?token=abc',
      '/talent/data/',
      '/talent/data/request',
      '/login',
      '/LOGIN',
      '/logout',
      '/reset-password',
      '/update-password?token=abc',
      '/notifications/unsubscribe?token=abc',
      '/account',
      '/dashboard',
      '/earning',
      '/task',
      '/task/',
      '/task/promo/1',
      '/manage-task',
      '/manage-task/1',
      '/manage-task/talent-view',
      '/manage-task/add?taskId=1',
      '/manage-task/add/drop-resume?taskId=1',
      '/manage-task/add/profile-completion?taskId=1&talentId=1',
      '/manage-task/add/progress?taskId=1',
      '/talents-folder',
      '/talents-folder/1/profile',
      '/talents-folder/1/profile/',
      '/talents-folder/1/profile/edit',
      '/talents-folder/1/hiring-status',
      '/outbox',
      '/share-target',
      '/share-target?empty=1',
      '/notifications',
      '/admin/hiring-status',
      '/admin/manage-task',
      '/admin/manage-task/add-recruiter',
      '/admin/manage-task/recruiter-2',
      '/admin/manage-task/recruiter-2/1',
      '/admin/manage-task/recruiter-2/talent-view',
      '/admin/payments',
      '/admin/insight',
      '/admin/access-record',
      '/admin/data-protection?tab=requests',
      '/admin/promo',
      '/admin/promo/1',
      '/admin/promo/1/add-tasks',
      '/admin/tasks',
      '/admin/companies',
      '/admin/companies?company=1',
      '/index.html',
    ];
    for (const screen of screens)
      for (const prefix of ['', '/ms', '/zh', '/en']) {
        if (screen === '/index.html' && prefix) continue;
        const url = `${prefix}${screen}`;
        const res = await app.request(url);
        expect(res.status, url).toBe(200);
        expect(await res.text(), url).toContain('<div id="app">');
      }
    for (const home of ['/ms', '/zh/', '/ms?x=1']) expect((await app.request(home)).status, home).toBe(200);
  });

  // Issue 43.12: the data page answered no-cache while the consent page answered no-store.
  it('answers the talent’s data page no-store, with no ETag, in every language', async () => {
    const app = appWith();
    for (const url of ['/talent/data?token=abc', '/ms/talent/data?token=abc', '/zh/talent/data/?token=abc']) {
      for (const method of ['GET', 'HEAD']) {
        const res = await app.request(url, { method });
        expect(res.status, url).toBe(200);
        expect(res.headers.get('Cache-Control'), url).toBe('no-store');
        expect(res.headers.get('ETag'), url).toBeNull();
      }
    }
    // The rest of the app is revalidated as before.
    expect((await app.request('/talent/data/request')).headers.get('Cache-Control')).toBe('no-cache');
  });

  // Issue 45: a company's review page holds its link's token in the address, as the data page does.
  it('answers a hiring company’s review page no-store, with no ETag, in every language', async () => {
    const app = appWith();
    for (const url of ['/review?token=abc', '/ms/review?token=abc', '/zh/review?token=abc']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('Cache-Control'), url).toBe('no-store');
      expect(res.headers.get('ETag'), url).toBeNull();
    }
  });

  it('knows exactly the route tree’s screens (src/routeTree.gen.ts)', () => {
    const tree = readFileSync(path.resolve(import.meta.dirname, '../../src/routeTree.gen.ts'), 'utf8');
    const block = /export interface FileRoutesByFullPath \{\n([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
    const paths = [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]);
    expect(paths.length).toBeGreaterThan(20);
    expect([...APP_ROUTE_PATHS].sort()).toEqual(paths.sort());
  });

  it('answers 404 for a missing file with an extension, so a stale chunk fails loudly', async () => {
    const res = await appWith().request('/assets/missing-123.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).not.toMatch(/html/);
  });

  it('never serves a source map, in production or not, however the path is spelled', async () => {
    for (const overrides of [{}, { APP_ENV: 'production', MAIL_TRANSPORT: 'file' }] as Record<string, string>[]) {
      const app = appWith(overrides);
      for (const url of [
        '/assets/app-abc123.js.map',
        '/sw.js.map',
        '/assets/app-abc123.js%2Emap',
        '/assets/app-abc123.js.MAP',
      ]) {
        const res = await app.request(url);
        expect(res.status, url).toBe(404);
        expect(await res.text(), url).not.toContain('sources');
      }
    }
  });

  it('answers HEAD without a body', async () => {
    const app = appWith();
    const asset = await app.request('/assets/app-abc123.js', { method: 'HEAD' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Content-Length')).toBe(String(APP_JS.length));
    expect(await asset.text()).toBe('');
    const page = await app.request('/dashboard', { method: 'HEAD' });
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
  });

  it('answers 304 when the ETag still matches', async () => {
    const app = appWith();
    const first = await app.request('/sw.js');
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).not.toBe('');
    const again = await app.request('/sw.js', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('never serves a file outside the client folder', async () => {
    const app = appWith();
    for (const url of [
      '/..%2fsecret.txt',
      '/..%2f..%2fetc/passwd',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/assets/%00.js',
    ]) {
      const res = await app.request(url);
      const text = await res.text();
      expect(text, url).not.toContain('top secret');
      expect(text, url).not.toContain('root:');
      expect(res.status, url).toBe(404);
    }
  });

  it('keeps /api to the API: an unknown API path is a JSON 404, never the app', async () => {
    const res = await appWith().request('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
  });

  it('refuses other methods outside /api', async () => {
    const res = await appWith().request('/dashboard', { method: 'POST' });
    expect(res.status).toBe(405);
  });

  it('sends a CV shared before the service worker is installed back to the share page, marked empty', async () => {
    const form = new FormData();
    form.append('resume', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'cv.pdf');
    const res = await appWith().request('/share-target', { method: 'POST', body: form });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/share-target?empty=1');
  });

  it('says how to build when dist/client is missing', async () => {
    const res = await appWith({}, path.join(dataDir, 'nowhere')).request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});

describe('robots', () => {
  it('marks the HTML noindex outside production by default', async () => {
    const res = await appWith().request('/');
    expect(await res.text()).toContain(ROBOTS);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex, noarchive, nofollow');
  });

  it('leaves robots alone when APP_ENV=production', async () => {
    const res = await appWith({ APP_ENV: 'production', MAIL_TRANSPORT: 'file' }).request('/');
    expect(await res.text()).not.toContain('name="robots"');
    expect(res.headers.get('X-Robots-Tag')).toBeNull();
  });

  it('leaves robots alone when the request comes to APP_URL', async () => {
    const app = appWith({ APP_URL: 'https://recruiter.example.com' });
    const matching = await app.request('https://recruiter.example.com/login');
    expect(await matching.text()).not.toContain('name="robots"');
    expect(matching.headers.get('X-Robots-Tag')).toBeNull();
    const other = await app.request('https://staging.example.com/login');
    expect(await other.text()).toContain(ROBOTS);
  });

  it('trusts forwarded headers only when TRUST_PROXY is set', async () => {
    const headers = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'recruiter.example.com' };
    const trusted = appWith({ APP_URL: 'https://recruiter.example.com', TRUST_PROXY: 'true' });
    expect(await (await trusted.request('http://10.0.0.5:3000/', { headers })).text()).not.toContain(ROBOTS);
    const untrusted = appWith({ APP_URL: 'https://recruiter.example.com' });
    expect(await (await untrusted.request('http://10.0.0.5:3000/', { headers })).text()).toContain(ROBOTS);
  });
});

describe('security headers', () => {
  it('are on HTML, static and API answers alike', async () => {
    const app = appWith();
    for (const url of ['/', '/ms/task', '/assets/app-abc123.js', '/api/health', '/assets/missing.js']) {
      const res = await app.request(url);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      // The API's policy is stricter still: nothing at all may load (security-headers.test.ts).
      if (!url.startsWith('/api/')) expect(csp, url).toContain("object-src 'none'");
      if (!url.startsWith('/api/')) expect(csp, url).toContain("base-uri 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers.get('Strict-Transport-Security'), url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('X-Content-Type-Options'), url).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy'), url).toBeTruthy();
    }
  });
});
