import { spawnSync } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEnv } from '#src/server/env.ts';
import { createReferral } from './helpers/referral-fixtures';
import { insertTalent, insertTask } from './helpers/rows';
import { serveApp } from './helpers/serve-app';
import { dropValues, multipart, pdfFile } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 26, item 3: GET /metrics in Prometheus' text format. The registry is the process's, so each
// test compares a scrape after its calls with one before them.

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Parses the text format as Prometheus reads it: every sample belongs to a family with a `# TYPE` line. */
function parseMetrics(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      expect(['counter', 'gauge', 'histogram', 'summary']).toContain(type);
      types.set(name as string, type as string);
      continue;
    }
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const [, name, labelText = '', value] = match as RegExpExecArray;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key as string] = raw as string;
    const family = types.has(name as string) ? name : (name as string).replace(/_(bucket|sum|count)$/, '');
    expect(types.has(family as string), `no # TYPE for ${name}`).toBe(true);
    samples.push({ name: name as string, labels, value: Number(value) });
  }
  return samples;
}

const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);

describe.each(DIALECTS)('GET /metrics on %s', (dialect) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof serveApp>>;
  let me: { id: number; email: string; token: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    server = await serveApp(t);
    const user = await t.createUser();
    me = { ...user, token: (await t.login(user.email)).accessToken };
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  const scrape = async () => {
    const res = await fetch(`${server.base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    return { text, samples: parseMetrics(text) };
  };
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.base}${path}`, { ...init, headers: { ...bearer(me.token), ...init.headers } });

  it('counts requests by route pattern and status with their latency, and queries by kind', async () => {
    const talent = await insertTalent(t, me.id);
    const before = await scrape();
    const route = { method: 'GET', route: '/api/recruiter/talent/:id' };
    for (let i = 0; i < 2; i += 1) expect((await call(`/api/recruiter/talent/${talent.id}`)).status).toBe(200);
    expect((await call('/api/recruiter/talent/987654')).status).toBe(404);

    // A request is counted when Node's response closes, just after the client has the answer.
    await vi.waitFor(async () => {
      const after = await scrape();
      const delta = (name: string, labels: Record<string, string>) =>
        sampleValue(after.samples, name, labels) - sampleValue(before.samples, name, labels);
      expect(delta('http_requests_total', { ...route, status: '200' })).toBe(2);
      expect(delta('http_requests_total', { ...route, status: '404' })).toBe(1);
      expect(delta('http_request_duration_seconds_count', { ...route, status: '200' })).toBe(2);
      expect(delta('http_request_duration_seconds_bucket', { ...route, status: '200', le: '+Inf' })).toBe(2);
      expect(delta('http_request_duration_seconds_sum', { ...route, status: '200' })).toBeGreaterThan(0);
      expect(delta('db_query_duration_seconds_count', { kind: 'select' })).toBeGreaterThan(0);
      // The pattern, never a path with an id.
      expect(after.text).not.toContain(`/api/recruiter/talent/${talent.id}`);
      expect(after.text).not.toContain('/987654');
    });
  });

  it('counts an outbox replay refused with 422 by route and status', async () => {
    const taskId = await insertTask(t);
    const drop = (key: string, name: string) =>
      call('/api/recruiter/talent/drop_resume', {
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        body: multipart(dropValues(taskId, { fullName: name, email: `${name.toLowerCase()}@example.com` }), pdfFile()),
      });
    const labels = { route: '/api/recruiter/talent/drop_resume', status: '422' };
    const before = sampleValue((await scrape()).samples, 'outbox_replays_refused_total', labels);
    const key = crypto.randomUUID();
    expect((await drop(key, 'Aminah')).status).toBe(201);
    // The same key with another request: refused.
    expect((await drop(key, 'Zainab')).status).toBe(422);
    await vi.waitFor(async () =>
      expect(sampleValue((await scrape()).samples, 'outbox_replays_refused_total', labels) - before).toBe(1),
    );
  });

  it('reads each queue depth when scraped, equal to the rows waiting', async () => {
    const taskId = await insertTask(t);
    // A resume waiting to be parsed, a consent e-mail waiting to go, one that failed, an event to fan out.
    expect(
      (
        await call('/api/recruiter/talent/drop_resume', {
          method: 'POST',
          body: multipart(dropValues(taskId, { email: 'queued@example.com' }), pdfFile()),
        })
      ).status,
    ).toBe(201);
    await createReferral(t, me.id);
    await createReferral(t, me.id);
    const failedId = (await t.db.selectFrom('email_outbox').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await t.db.updateTable('email_outbox').set({ status: 'FAILED' }).where('id', '=', failedId).execute();
    await t.db
      .insertInto('notification_events')
      .values({
        kind: 'TALENT_CONSENTED',
        audience: 'RECRUITERS',
        talent_id: null,
        payload: '{}',
        path: '/',
        status: 'PENDING',
        locked_until: null,
        created_at: t.clock.now().toISOString(),
        done_at: null,
      })
      .execute();

    const count = async (table: 'email_outbox' | 'push_outbox' | 'notification_events', statuses: string[]) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            // biome-ignore lint/suspicious/noExplicitAny: the three tables' status columns differ in type
            .where('status', 'in', statuses as any)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const resumes = Number(
      (
        await t.db
          .selectFrom('talents')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('parse_status', 'in', ['PENDING', 'PARSING'])
          .executeTakeFirstOrThrow()
      ).n,
    );
    const expected = {
      email_pending: await count('email_outbox', ['PENDING', 'SENDING']),
      email_failed: await count('email_outbox', ['FAILED']),
      push_pending: await count('push_outbox', ['PENDING', 'SENDING']),
      push_failed: await count('push_outbox', ['FAILED']),
      notification_events_pending: await count('notification_events', ['PENDING']),
      resumes_pending: resumes,
    };
    expect(expected.email_pending).toBeGreaterThan(0);
    expect(expected.email_failed).toBe(1);
    expect(expected.notification_events_pending).toBeGreaterThan(0);
    expect(expected.resumes_pending).toBeGreaterThan(0);

    const { samples } = await scrape();
    const got = Object.fromEntries(
      Object.keys(expected).map((queue) => [queue, sampleValue(samples, 'queue_depth', { queue })]),
    );
    expect(got).toEqual(expected);
  });

  it("has Node's process metrics, and the PostgreSQL pool's clients on PostgreSQL", async () => {
    const { samples } = await scrape();
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(samples.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
    if (dialect === 'postgres') {
      expect(sampleValue(samples, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(samples.some((s) => s.name === 'db_pool_connections' && s.labels.state === 'waiting')).toBe(true);
    }
  });

  // Issue 43.10: prom-client's nodejs_active_{handles,requests,resources}_total were gauges named as
  // counters, and `promtool check metrics` refused the scrape.
  it('names only counters with _total, and passes promtool check metrics where promtool is installed', async () => {
    const { text } = await scrape();
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({ name, type }));
    expect(types.length).toBeGreaterThan(10);
    expect(types.filter(({ name, type }) => type !== 'counter' && name?.endsWith('_total'))).toEqual([]);
    expect(types.filter(({ name, type }) => type === 'counter' && !name?.endsWith('_total'))).toEqual([]);
    expect(text).toMatch(/^nodejs_active_handles\{type=/m);
    const promtool = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    if (promtool.error) return; // not installed here (apt: prometheus)
    expect(`${promtool.stdout}${promtool.stderr}`.trim()).toBe('');
    expect(promtool.status).toBe(0);
  });

  // Issue 43.8: a proxy on this machine that set only X-Real-IP (nginx's usual line) published the metrics.
  it('without METRICS_TOKEN, treats every header a proxy names the client with as forwarded: 404', async () => {
    for (const [name, value] of [
      ['x-forwarded-for', '127.0.0.1'],
      ['forwarded', 'for=127.0.0.1'],
      ['x-real-ip', '203.0.113.7'],
      ['X-Real-IP', '127.0.0.1'],
      ['x-forwarded-host', 'recruiter.example'],
      ['x-forwarded-proto', 'https'],
      ['cf-connecting-ip', '203.0.113.7'],
      ['true-client-ip', '203.0.113.7'],
      ['x-client-ip', '203.0.113.7'],
      ['x-cluster-client-ip', '203.0.113.7'],
      ['fastly-client-ip', '203.0.113.7'],
      ['via', '1.1 proxy'],
    ]) {
      const res = await fetch(`${server.base}/metrics`, { headers: { [name as string]: value as string } });
      expect(res.status, name).toBe(404);
    }
    // Nothing of the kind: the scrape itself still answers.
    expect((await fetch(`${server.base}/metrics`)).status).toBe(200);
  });

  it('without METRICS_TOKEN, answers 404 to anything but an unforwarded loopback request', async () => {
    // No socket at all (app.request): nothing says it is local.
    const noSocket = await t.request('/metrics');
    expect(noSocket.status).toBe(404);
    expect((await noSocket.json()).error).toMatchObject({ code: 'NOT_FOUND', requestId: expect.any(String) });
    // Through a proxy on this machine: the socket is loopback, but the client is not.
    expect((await fetch(`${server.base}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
    // From another address of this machine (a socket that is not loopback).
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4');
    if (external) {
      const outside = await serveApp(t, external.address);
      try {
        expect((await fetch(`${outside.base}/metrics`)).status).toBe(404);
        expect((await fetch(`${outside.base}/api/health`)).status).toBe(200);
      } finally {
        await outside.close();
      }
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs the token as a bearer, from anywhere, and answers 401 without it', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(1)}x`, `Bearer ${TOKEN}0`, 'Bearer ', TOKEN]) {
      const res = await t.request('/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
    const ok = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(parseMetrics(await ok.text()).some((s) => s.name === 'queue_depth')).toBe(true);
  });

  it('refuses a token shorter than 16 characters', () => {
    expect(() => readEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
