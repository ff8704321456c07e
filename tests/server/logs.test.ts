import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEnv } from '#src/server/env.ts';
import { createLogger, type Logger, setLogger } from '#src/server/observability/logger.ts';
import { createReferral } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { serveApp } from './helpers/serve-app';
import { dropValues, multipart, pdfFile } from './helpers/talent-fixtures';
import { createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from './helpers/test-app';

// Issue 26, item 2: the server logs JSON lines, one per request once answered (method, route pattern,
// status, duration, request id, user id), errors with their request id; never a password, a token or
// a talent's data. Driven over real HTTP (the line is written when Node's response closes).

type Line = Record<string, unknown> & { level: number; msg?: string };

function capture(level: 'info' | 'warn' = 'info') {
  const lines: Line[] = [];
  const raw: string[] = [];
  const logger = createLogger({
    level,
    destination: {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line) as Line);
      },
    },
  });
  return { logger, lines, raw };
}

describe.each(DIALECTS)('the log on %s', (dialect) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof serveApp>>;
  let previous: Logger;
  const log = capture();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A driver's error that quotes the value it refused, as PostgreSQL's unique violation does.
    // Outside /api: the API's own 404 route would answer first. Routes are added before the first request.
    t.app.get('/boom', () => {
      throw Object.assign(
        new Error('duplicate key value violates unique constraint: Key (email)=(siti.n@example.com)'),
        {
          code: '23505',
        },
      );
    });
    t.app.get('/db-down', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    server = await serveApp(t);
    previous = setLogger(log.logger);
  });
  afterAll(async () => {
    setLogger(previous);
    await server?.close();
    await t?.close();
  });

  const requestLines = (id: string) => log.lines.filter((line) => line.msg === 'request' && line.requestId === id);
  // The line is written when Node's response closes, which may come just after the client has the answer.
  const oneRequestLine = async (res: Response) => {
    const id = res.headers.get('x-request-id') as string;
    expect(id).toBeTruthy();
    await vi.waitFor(() => expect(requestLines(id)).toHaveLength(1), { timeout: 2000, interval: 5 });
    return requestLines(id)[0] as Line;
  };

  it('writes one JSON line per request with its route pattern, and no secret or personal data in any line', async () => {
    const me = await t.createUser({ email: 'farah.recruiter@example.com' });
    const call = (path: string, init: RequestInit = {}) => fetch(`${server.base}${path}`, init);

    // Login with a password.
    const login = await call('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: me.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { accessToken: string; refreshToken: string };
    expect(await oneRequestLine(login)).toMatchObject({
      level: 30,
      method: 'POST',
      route: '/api/auth/login',
      status: 200,
      requestId: login.headers.get('x-request-id'),
    });

    // A refresh.
    const refresh = await call('/api/recruiter/auth/refresh-token', {
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(refresh.status).toBe(200);
    const refreshed = (await refresh.json()) as { accessToken: string; refreshToken: string };
    expect(await oneRequestLine(refresh)).toMatchObject({ route: '/api/recruiter/auth/refresh-token', status: 200 });

    // A talent created with a name, an e-mail and a phone (the resume drop), signed in: the user id.
    const taskId = await insertTask(t);
    const drop = await call('/api/recruiter/talent/drop_resume', {
      method: 'POST',
      headers: { authorization: `Bearer ${refreshed.accessToken}` },
      body: multipart(dropValues(taskId), pdfFile()),
    });
    expect(drop.status).toBe(201);
    const dropLine = await oneRequestLine(drop);
    expect(dropLine).toMatchObject({ route: '/api/recruiter/talent/drop_resume', status: 201, userId: me.id });
    expect(typeof dropLine.ms).toBe('number');
    const { talentId } = ((await drop.json()) as { data: { talentId: number } }).data;

    // The talent's own page, by id: the pattern, not the id.
    const detail = await call(`/api/recruiter/talent/${talentId}`, {
      headers: { authorization: `Bearer ${refreshed.accessToken}` },
    });
    expect(detail.status).toBe(200);
    expect(await oneRequestLine(detail)).toMatchObject({ route: '/api/recruiter/talent/:id', method: 'GET' });

    // A consent link opened with its token (in the query string).
    const referral = await createReferral(t, me.id, {
      talent: { full_name: 'Siti Nurhaliza', email: 'siti.n@example.com', email_normalized: 'siti.n@example.com' },
    });
    const consent = await call(`/api/public/consent?token=${referral.consentToken}`);
    expect(consent.status).toBe(200);
    const consentLine = await oneRequestLine(consent);
    expect(consentLine).toMatchObject({ route: '/api/public/consent', status: 200 });
    expect(consentLine.userId).toBeUndefined();

    // A 500: the error line carries the request id, the stack and the message without the quoted value.
    const boom = await call('/boom', { headers: { 'x-request-id': 'boom-request-1' } });
    expect(boom.status).toBe(500);
    expect(await oneRequestLine(boom)).toMatchObject({ route: '/boom', status: 500 });
    const error = log.lines.find((line) => line.level === 50 && line.requestId === 'boom-request-1') as Line;
    expect(error).toMatchObject({ msg: 'request failed', route: '/boom', error: { code: '23505' } });
    const logged = error.error as { message: string; stack: string };
    expect(logged.message).toContain('duplicate key value');
    expect(logged.stack).toContain('logs.test.ts');

    const secrets = [
      TEST_PASSWORD,
      session.accessToken,
      session.refreshToken,
      refreshed.accessToken,
      refreshed.refreshToken,
      referral.consentToken,
      // The dropped talent (dropValues) and the consenting one.
      'Aisyah',
      'aisyah@example.com',
      '345 6789',
      '3456789',
      'Siti',
      'siti.n@example.com',
      referral.talentEmail,
      // The recruiter's own e-mail.
      me.email,
    ];
    const everything = log.raw.join('\n');
    for (const secret of secrets) expect(everything, `a log line holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    // Nor any query string or raw path with an id.
    expect(everything).not.toContain('?token=');
    expect(everything).not.toContain(`/talent/${talentId}`);
  });

  it('logs a database outage with the request id', async () => {
    const res = await fetch(`${server.base}/db-down`);
    expect(res.status).toBe(503);
    const id = res.headers.get('x-request-id');
    expect(log.lines.find((line) => line.msg === 'database unavailable')).toMatchObject({
      level: 50,
      requestId: id,
      error: { code: 'ECONNREFUSED' },
    });
  });
});

describe('LOG_LEVEL', () => {
  it('warn hides the request lines, and info shows them', async () => {
    const t = await createTestApp('sqlite');
    const quiet = capture(readEnv({ LOG_LEVEL: 'warn' }).LOG_LEVEL as 'warn');
    const loud = capture(readEnv({}).LOG_LEVEL as 'info');
    const previous = setLogger(quiet.logger);
    try {
      // Each server closed (its responses with it) before the next logger: a line goes to the one it was answered under.
      const first = await serveApp(t);
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
      await first.close();
      setLogger(loud.logger);
      const second = await serveApp(t);
      expect((await fetch(`${second.base}/api/health`)).status).toBe(200);
      await second.close();
      await vi.waitFor(() => expect(loud.lines.filter((line) => line.msg === 'request')).toHaveLength(1));
      expect(quiet.lines).toEqual([]);
    } finally {
      setLogger(previous);
      await t.close();
    }
  });

  it('blanks a secret or personal key a caller passes by mistake', () => {
    const { logger, raw } = capture();
    logger.warn({ email: 'nur@example.com', password: 'hunter22', accessToken: 'eyJabc', talentId: 4 }, 'oops');
    expect(raw.join('')).not.toMatch(/nur@example|hunter22|eyJabc/);
    expect(JSON.parse(raw[0] as string)).toMatchObject({ email: '[redacted]', password: '[redacted]', talentId: 4 });
  });

  it('refuses a level it does not know', () => {
    expect(() => readEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
  });
});
