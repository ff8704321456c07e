// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { webHandler } from '../../src/server/web';
import { insertTask } from './helpers/rows';
import { recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Every kind of answer the server gives carries the same security headers: the app's HTML, JSON
// answers (success, a 4xx, the 404 of an unknown API path), static files, the service worker, the
// manifest and the streamed AI answer. The built client is a small fixture folder, as in web.test.ts.

let clientDir: string;

beforeAll(() => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'recruiter-headers-'));
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Recruiter</title></head><body><div id="app"></div></body></html>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app");');
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Recruiter"}');
});

afterAll(() => {
  rmSync(clientDir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  const hsts = res.headers.get('Strict-Transport-Security') ?? '';
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), what).toBeGreaterThanOrEqual(15_552_000); // 180 days
  expect(res.headers.get('X-Content-Type-Options'), what).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy'), what).toMatch(
    /^(no-referrer|same-origin|strict-origin(-when-cross-origin)?)$/,
  );
}

describe.each(DIALECTS)('security headers on %s', (dialect) => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    app = createApp(t.deps, { web: webHandler({ clientDir, env: t.env }) });
    token = (await recruiter(t)).token;
  });
  afterEach(async () => {
    await t.close();
  });

  it('are on the HTML of an app route', async () => {
    const res = await app.request('/ms/task?taskId=7');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expectSecurityHeaders(res, 'index.html');
  });

  it('are on a JSON answer, a JSON 4xx and the 404 of an unknown API path', async () => {
    const ok = await app.request('/api/recruiter/task', { headers: bearer(token) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Content-Type')).toMatch(/application\/json/);
    expectSecurityHeaders(ok, 'JSON 200');

    const invalid = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not an e-mail' }),
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).success).toBe(false);
    expectSecurityHeaders(invalid, 'JSON 400');

    const unauthorised = await app.request('/api/recruiter/task');
    expect(unauthorised.status).toBe(401);
    expectSecurityHeaders(unauthorised, 'JSON 401');

    const unknown = await app.request('/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Content-Type')).toMatch(/application\/json/);
    expectSecurityHeaders(unknown, 'unknown API path');
  });

  it('are on a static asset, the service worker and the manifest', async () => {
    for (const url of ['/assets/app-abc123.js', '/sw.js', '/manifest.webmanifest']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expectSecurityHeaders(res, url);
    }
  });

  it('are on the streamed AI improvement', async () => {
    const taskId = await insertTask(t, { title: 'Backend Engineer' });
    const res = await app.request('/api/recruiter/ai/recruiter-notes/improve', {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ taskId, note: 'Aminah, 5 years of Node.js at Grab. Notice period 1 month.' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expectSecurityHeaders(res, 'SSE');
    expect(await res.text()).toContain('data:');
  });
});
