// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { listen } from '#src/server/listen.ts';
import { checkUpload, storeUpload } from '#src/server/uploads/read-upload.ts';
import { webHandler } from '#src/server/web.ts';
import { insertTask } from './helpers/rows';
import { asBlobPart, MEDIA_SAMPLES } from './helpers/sample-files';
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

function expectSecurityHeaders(res: Response, what: string, kind: 'page' | 'api') {
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  if (kind === 'api') {
    // An API answer is never a page: nothing in it may load or be framed (a file sets its own policy).
    expect(csp, what).toBe("default-src 'none'; frame-ancestors 'none'");
  } else {
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(res.headers.get('Cross-Origin-Opener-Policy'), what).toBe('same-origin');
  }
  const hsts = res.headers.get('Strict-Transport-Security') ?? '';
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), what).toBeGreaterThanOrEqual(15_552_000); // 180 days
  expect(res.headers.get('X-Content-Type-Options'), what).toBe('nosniff');
  expect(res.headers.get('X-Frame-Options'), what).toBe('DENY');
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
    expectSecurityHeaders(res, 'index.html', 'page');
  });

  it('are on a JSON answer, a JSON 4xx and the 404 of an unknown API path', async () => {
    const ok = await app.request('/api/recruiter/task', { headers: bearer(token) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Content-Type')).toMatch(/application\/json/);
    expectSecurityHeaders(ok, 'JSON 200', 'api');

    const invalid = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not an e-mail' }),
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).success).toBe(false);
    expectSecurityHeaders(invalid, 'JSON 400', 'api');

    const unauthorised = await app.request('/api/recruiter/task');
    expect(unauthorised.status).toBe(401);
    expectSecurityHeaders(unauthorised, 'JSON 401', 'api');

    const unknown = await app.request('/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Content-Type')).toMatch(/application\/json/);
    expectSecurityHeaders(unknown, 'unknown API path', 'api');
  });

  it('are on a static asset, the service worker and the manifest', async () => {
    for (const url of ['/assets/app-abc123.js', '/sw.js', '/manifest.webmanifest']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expectSecurityHeaders(res, url, 'page');
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
    expectSecurityHeaders(res, 'SSE', 'api');
    expect(await res.text()).toContain('data:');
  });
});

// The headers of a JSON answer through the Node server, every one once (fetch would join a repeated one).
const JSON_ANSWER_HEADERS = [
  'cache-control',
  'connection',
  'content-length',
  'content-security-policy',
  'content-type',
  'date',
  'keep-alive',
  'referrer-policy',
  'strict-transport-security',
  'vary',
  'x-content-type-options',
  'x-frame-options',
  'x-request-id',
];

// Served as production serves it (listen.ts: @hono/node-server with AnswerResponse), and on Node's own
// response (a server made without it), the headers go on Node's response itself
// (src/server/middleware/answer-headers.ts); an answer's own header of the same name wins.
type Fetch = Parameters<typeof listen>[0];
describe.each([
  ['as index.ts serves (AnswerResponse)', (fetch: Fetch) => listen(fetch, { PORT: 0, HOST: '127.0.0.1' })],
  ["on Node's own ServerResponse", (fetch: Fetch) => serve({ fetch, port: 0, hostname: '127.0.0.1' })],
])('security headers through the Node server, %s', (_, start) => {
  let t: TestApp;
  let server: ServerType;
  let base: string;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp('sqlite');
    const app = createApp(t.deps, { web: webHandler({ clientDir, env: t.env }) });
    token = (await recruiter(t)).token;
    server = start(app.fetch);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('are on every kind of answer, with the request id and, on the API, Cache-Control: no-store', async () => {
    const taskId = await insertTask(t, { title: 'Backend Engineer' });
    const answers: [string, Response][] = [
      ['JSON 200', await fetch(`${base}/api/recruiter/task`, { headers: bearer(token) })],
      ['JSON 401', await fetch(`${base}/api/recruiter/task`)],
      ['unknown API path', await fetch(`${base}/api/no-such-thing`)],
      ['health', await fetch(`${base}/api/health`)],
      [
        'SSE',
        await fetch(`${base}/api/recruiter/ai/recruiter-notes/improve`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({ taskId, note: 'Aminah, 5 years of Node.js at Grab. Notice period 1 month.' }),
        }),
      ],
    ];
    expect(answers.map(([what, res]) => [what, res.status])).toEqual([
      ['JSON 200', 200],
      ['JSON 401', 401],
      ['unknown API path', 404],
      ['health', 200],
      ['SSE', 200],
    ]);
    for (const [what, res] of answers) {
      expectSecurityHeaders(res, what, 'api');
      expect(res.headers.get('X-Frame-Options'), what).toBe('DENY');
      expect(res.headers.get('X-Request-Id'), what).toMatch(/^[\w.-]{8,64}$/);
      expect(res.headers.get('Cache-Control'), what).toBe('no-store');
      expect(res.headers.get('Vary'), what).toBe('Accept-Encoding');
      if (what !== 'SSE') expect([...res.headers.keys()].sort(), what).toEqual(JSON_ANSWER_HEADERS);
      await res.arrayBuffer();
    }
    const ok = answers[0]?.[1] as Response;
    expect(ok.headers.get('Content-Type')).toMatch(/^application\/json/);
    const echoed = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'req-12345678' } });
    expect(echoed.headers.get('X-Request-Id')).toBe('req-12345678');
  });

  it('send a long JSON answer compressed, with its headers, and a stream as it is', async () => {
    for (let index = 0; index < 10; index += 1) await insertTask(t, { title: `Backend Engineer ${index}` });
    const res = await fetch(`${base}/api/recruiter/task`, { headers: { ...bearer(token), 'Accept-Encoding': 'br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expectSecurityHeaders(res, 'compressed JSON', 'api');
    // fetch unpacks it: the answer is the whole page.
    expect(((await res.json()) as { data: { items: unknown[] } }).data.items).toHaveLength(10);
    const taskId = await insertTask(t, { title: 'Data Analyst' });
    const stream = await fetch(`${base}/api/recruiter/ai/recruiter-notes/improve`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', 'Accept-Encoding': 'br, gzip' },
      body: JSON.stringify({ taskId, note: 'Aminah, 5 years of Node.js at Grab. Notice period 1 month.' }),
    });
    expect(stream.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('Content-Encoding')).toBeNull();
    await stream.arrayBuffer();
  });

  it("leave a file download its own CSP sandbox and Cache-Control (the answer's own header wins)", async () => {
    // An admin may read any stored file (file.service.ts): no referral needed around it.
    const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
    const adminToken = (await t.login(admin.email)).accessToken;
    const checked = await checkUpload(
      new File([asBlobPart(MEDIA_SAMPLES.m4a)], 'call.m4a', { type: 'audio/mp4' }),
      'call-proof',
    );
    const stored = await storeUpload(t.db, t.deps.storage, checked, {
      ownerId: admin.id,
      purpose: 'CALL_PROOF',
      now: t.clock.now(),
    });
    const res = await fetch(`${base}/api/files/${stored.id}`, { headers: bearer(adminToken) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Security-Policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=31536000/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(MEDIA_SAMPLES.m4a));
  });

  it('are on the HTML and static files, which keep their own Cache-Control', async () => {
    for (const [url, cacheControl] of [
      ['/ms/task?taskId=7', 'no-cache'],
      ['/assets/app-abc123.js', 'public, max-age=31536000, immutable'],
      ['/sw.js', 'no-cache'],
    ] as const) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(200);
      expectSecurityHeaders(res, url, 'page');
      expect(res.headers.get('Cache-Control'), url).toBe(cacheControl);
      await res.arrayBuffer();
    }
  });
});
