import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { readEnv } from '#src/server/env.ts';
import { listen } from '#src/server/listen.ts';
import { webHandler } from '#src/server/web.ts';
import { insertTask } from './helpers/rows';
import { recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

// With TLS_CERT_FILE and TLS_KEY_FILE the server answers HTTPS with HTTP/2 itself (src/server/listen.ts),
// and HTTP/1.1 over TLS for a client without HTTP/2: the same answers, headers and streams as plain
// HTTP. The certificate is a test one (localhost and 127.0.0.1, self-signed), trusted here as the CA.
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const TLS = { TLS_CERT_FILE: path.join(FIXTURES, 'tls-cert.pem'), TLS_KEY_FILE: path.join(FIXTURES, 'tls-key.pem') };
const ca = readFileSync(TLS.TLS_CERT_FILE);

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; protocol: string };

/** One request over an HTTP/2 session of its own. */
function overHttp2(base: string, method: string, urlPath: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const session = connect(base, { ca });
    session.on('error', reject);
    const stream = session.request({ ':method': method, ':path': urlPath, ...headers });
    let status = 0;
    let answerHeaders: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => {
      status = Number(received[':status']);
      answerHeaders = received;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status, headers: answerHeaders, body: Buffer.concat(chunks).toString('utf8'), protocol: 'h2' });
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

/** One request over HTTP/1.1 with TLS, as a client without HTTP/2 sends it (Node's https offers no ALPN). */
function overHttp1(base: string, urlPath: string) {
  return new Promise<Answer>((resolve, reject) => {
    const call = httpsRequest(new URL(urlPath, base), { ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          protocol: `http/${res.httpVersion}`,
        }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

function expectApiHeaders(answer: Answer, what: string) {
  expect(answer.headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(answer.headers['strict-transport-security'], what).toMatch(/max-age=\d{8}/);
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['cache-control'], what).toBe('no-store');
  expect(answer.headers['x-request-id'], what).toMatch(/^[\w.-]{8,64}$/);
}

describe('the server over HTTPS (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  let t: TestApp;
  let server: ServerType;
  let base: string;
  let token: string;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'recruiter-tls-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body>shell</body></html>');
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app");\n'.repeat(100));
    t = await createTestApp('sqlite');
    token = (await recruiter(t)).token;
    const app = createApp(t.deps, { web: webHandler({ clientDir, env: t.env }) });
    server = listen(app.fetch, { PORT: 0, HOST: '127.0.0.1', ...TLS });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  // Issue 22, finding 15: only AEAD suites with forward secrecy, and nothing older than TLS 1.2.
  it('offers TLS 1.2 only with ECDHE and AEAD suites, refusing CBC, plain RSA key exchange and TLS 1.1', async () => {
    const { port } = new URL(base);
    const handshake = (options: {
      ciphers?: string;
      minVersion?: 'TLSv1' | 'TLSv1.2';
      maxVersion?: 'TLSv1.1' | 'TLSv1.2';
    }) =>
      new Promise<string>((resolve) => {
        const socket = tlsConnect({ host: '127.0.0.1', port: Number(port), ca, servername: 'localhost', ...options });
        socket.once('secureConnect', () => {
          resolve(socket.getCipher().name);
          socket.end();
        });
        socket.once('error', () => resolve('refused'));
      });
    expect(await handshake({ maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-GCM-SHA256' })).toBe(
      'ECDHE-ECDSA-AES128-GCM-SHA256',
    );
    expect(
      await handshake({ maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-SHA256:ECDHE-ECDSA-AES256-SHA' }),
    ).toBe('refused');
    // (The test certificate is ECDSA: plain RSA key exchange could not be offered with it anyway.)
    expect(await handshake({ maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES256-SHA384' })).toBe('refused');
    expect(await handshake({ minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'ALL:@SECLEVEL=0' })).toBe('refused');
  });

  it('answers the API over HTTP/2 with its headers, errors as JSON', async () => {
    const health = await overHttp2(base, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ success: true, data: { status: 'ok', database: 'ok' } });
    expectApiHeaders(health, 'health');

    const tasks = await overHttp2(base, 'GET', '/api/recruiter/task', bearer(token));
    expect(tasks.status).toBe(200);
    expect(JSON.parse(tasks.body)).toMatchObject({ success: true });
    expectApiHeaders(tasks, 'task board');

    const refused = await overHttp2(base, 'GET', '/api/recruiter/task');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    expectApiHeaders(refused, '401');
  });

  it('streams the AI improvement over HTTP/2', async () => {
    const taskId = await insertTask(t, { title: 'Backend Engineer' });
    const answer = await overHttp2(
      base,
      'POST',
      '/api/recruiter/ai/recruiter-notes/improve',
      { ...bearer(token), 'content-type': 'application/json' },
      JSON.stringify({ taskId, note: 'Aminah, 5 years of Node.js at Grab. Notice period 1 month.' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.body).toContain('data:');
  });

  it('serves the app shell and a static asset over HTTP/2', async () => {
    const shell = await overHttp2(base, 'GET', '/login');
    expect(shell.status).toBe(200);
    expect(shell.body).toContain('shell');
    expect(shell.headers['content-security-policy']).toContain("default-src 'self'");

    const asset = await overHttp2(base, 'GET', '/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toContain('console.log("app")');
  });

  it('answers a client without HTTP/2 over HTTP/1.1 with TLS, with the same headers', async () => {
    const health = await overHttp1(base, '/api/health');
    expect(health.protocol).toBe('http/1.1');
    expect(health.status).toBe(200);
    expectApiHeaders(health, 'health over HTTP/1.1');
  });
});

describe('TLS settings', () => {
  it('takes both files or neither, and makes the default address https', () => {
    expect(readEnv({ ...TLS, PORT: '8443' }).APP_URL).toBe('https://localhost:8443');
    expect(readEnv({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
    expect(() => readEnv({ TLS_CERT_FILE: TLS.TLS_CERT_FILE })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
    expect(() => readEnv({ TLS_KEY_FILE: TLS.TLS_KEY_FILE })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
  });
});
