import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '#src/shared/error-codes.ts';
import {
  type Built,
  type CallerName,
  createFixtures,
  type Fixtures,
  installWriteLog,
  ROUTE_CATALOG,
  type RouteRow,
  writeMark,
  writesSince,
} from './helpers/route-catalog';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 7, "Bad input": every route of the catalog gets malformed variants of its valid request, sent by a
// caller the route serves (so the input is tested, not the auth): wrong types, huge and strange text, missing
// and extra fields, broken JSON and multipart, bad ids. The app never answers 5xx; a refusal is the API's JSON
// error and writes nothing; a 2xx only for input that happened to be valid.
// Replay a failure with FUZZ_SEED=<seed> (fast-check prints the seed and path); the default seed is fixed.

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
// FUZZ_RUNS=<n> runs n per route on every dialect (a longer hunt); the default keeps the file fast.
const RUNS_OVERRIDE = Number(process.env.FUZZ_RUNS ?? 0);
const RUNS = RUNS_OVERRIDE
  ? { sqlite: RUNS_OVERRIDE, postgres: RUNS_OVERRIDE }
  : ({ sqlite: 20, postgres: 6 } as const);

// --- What goes wrong in inputs ---

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800', // lone high surrogate
  'x\uDFFFy', // lone low surrogate
  '\u202Eevil.exe\u202Dpdf', // right-to-left override
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301', // stacked combining marks
  '\u200B\uFEFF\u2060',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%2e%2e',
  '{"a":1}',
  '[1,2',
  'null',
  'true',
  '-1',
  '1e309',
  'NaN',
  '9999999999',
  '0x10',
  '__proto__',
];

const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 1_000_000 }), fc.constantFrom('a', 'é', '😀', '\u0000', 'x\u0301', '9'))
  .map(([size, unit]) => unit.repeat(Math.ceil(size / unit.length)));

const weirdString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: weirdString },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, 1e20, -1e20, Number.MAX_VALUE, 9_999_999_999),
      fc.double(),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), weirdString), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(weirdString, fc.oneof(fc.integer(), weirdString), { maxKeys: 3 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 2000 }).map((depth) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i += 1) value = [value];
      return value;
    }),
  },
);

const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '1e9',
  '0x10',
  '1.5',
  ' 1',
  '01',
  '9999999999',
  '2147483648',
  '%00',
  '1'.repeat(400),
];

/** Numbers a database column may not hold (PostgreSQL integers stop at 2^31 - 1). */
const OUT_OF_RANGE = [2147483648, 9999999999, 1e20, -2147483649];
/** Text a database may refuse to store or compare: NUL (PostgreSQL text cannot hold it) and a lone surrogate. */
const AWKWARD_TEXT = ['a\u0000b', 'x\uD800y', '\u202Eabc'];

const headerSafe = weirdString.map((s) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 4000));

// --- Mutations of a route's valid request ---

type Mutation =
  | { target: 'json'; kind: 'set'; key: string; value: unknown }
  | { target: 'json'; kind: 'drop'; key: string }
  | { target: 'json'; kind: 'extra'; key: string; value: unknown }
  | { target: 'json'; kind: 'replace'; value: unknown }
  | { target: 'json'; kind: 'text'; text: string; valid: false }
  | { target: 'json'; kind: 'truncate'; at: number }
  | { target: 'json'; kind: 'content-type'; type: string }
  | { target: 'form'; kind: 'set'; key: string; value: string }
  | { target: 'form'; kind: 'drop'; key: string }
  | { target: 'form'; kind: 'extra'; key: string; value: string }
  | { target: 'form'; kind: 'file-for-text'; key: string }
  | { target: 'form'; kind: 'text-for-file'; value: string }
  | { target: 'form'; kind: 'file-name'; value: string }
  | { target: 'form'; kind: 'no-boundary' }
  | { target: 'form'; kind: 'truncate'; at: number }
  | { target: 'form'; kind: 'as-json' }
  | { target: 'query'; kind: 'set'; key: string; value: string }
  | { target: 'query'; kind: 'drop'; key: string }
  | { target: 'query'; kind: 'repeat'; key: string; value: string }
  | { target: 'header'; kind: 'set'; key: string; value: string }
  | { target: 'path'; index: number; id: string };

/** Mutations that can never make a valid request: the answer must be a refusal. */
const neverValid = (m: Mutation) =>
  m.target === 'path' ||
  (m.target === 'json' && (m.kind === 'text' || m.kind === 'truncate')) ||
  (m.target === 'form' && (m.kind === 'no-boundary' || m.kind === 'truncate' || m.kind === 'as-json'));

type Shape = { json: string[] | null; form: string[] | null; query: string[]; headers: string[]; params: number[] };

async function shapeOf(row: RouteRow, built: Built): Promise<Shape> {
  const json =
    built.json !== undefined && built.json !== null && typeof built.json === 'object' ? Object.keys(built.json) : null;
  const form = built.form ? [...new Set([...built.form().keys()])] : null;
  const params = row.path
    .split('/')
    .map((segment, index) => (segment.startsWith(':') ? index : -1))
    .filter((index) => index >= 0);
  return { json, form, query: Object.keys(built.query ?? {}), headers: Object.keys(built.headers ?? {}), params };
}

function mutations(shape: Shape): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [];
  const anyKey = (keys: string[]) => (keys.length ? fc.constantFrom(...keys) : fc.constant('x'));
  if (shape.json) {
    const key = anyKey(shape.json);
    options.push(
      fc.record({ target: fc.constant('json'), kind: fc.constant('set'), key, value: weirdValue }),
      fc.record({ target: fc.constant('json'), kind: fc.constant('drop'), key }),
      fc.record({
        target: fc.constant('json'),
        kind: fc.constant('extra'),
        key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'recruiterId'), weirdString),
        value: weirdValue,
      }),
      fc.record({ target: fc.constant('json'), kind: fc.constant('replace'), value: weirdValue }),
      fc.record({
        target: fc.constant('json'),
        kind: fc.constant('text'),
        text: fc.constantFrom('{', '{"a":', "{'a':1}", '{"a":1,}', 'undefined', '\u0000', '{"a":"\\ud800"'),
        valid: fc.constant(false as const),
      }),
      fc.record({ target: fc.constant('json'), kind: fc.constant('truncate'), at: fc.nat() }),
      fc.record({
        target: fc.constant('json'),
        kind: fc.constant('content-type'),
        type: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', ''),
      }),
    );
  }
  if (shape.form) {
    const key = anyKey(shape.form);
    const textKey = anyKey(shape.form.filter((name) => name !== 'file'));
    options.push(
      fc.record({ target: fc.constant('form'), kind: fc.constant('set'), key, value: weirdString }),
      fc.record({ target: fc.constant('form'), kind: fc.constant('drop'), key }),
      fc.record({ target: fc.constant('form'), kind: fc.constant('extra'), key: weirdString, value: weirdString }),
      fc.record({ target: fc.constant('form'), kind: fc.constant('file-for-text'), key: textKey }),
      fc.record({ target: fc.constant('form'), kind: fc.constant('no-boundary') }),
      fc.record({ target: fc.constant('form'), kind: fc.constant('truncate'), at: fc.nat() }),
      fc.record({ target: fc.constant('form'), kind: fc.constant('as-json') }),
    );
    if (shape.form.includes('file')) {
      options.push(
        fc.record({ target: fc.constant('form'), kind: fc.constant('text-for-file'), value: weirdString }),
        fc.record({ target: fc.constant('form'), kind: fc.constant('file-name'), value: weirdString }),
      );
    }
  }
  const queryKey = fc.oneof(anyKey(shape.query), fc.constantFrom('page', 'pageSize', 'search', 'id'), weirdString);
  options.push(
    fc.record({ target: fc.constant('query'), kind: fc.constant('set'), key: queryKey, value: weirdString }),
    fc.record({ target: fc.constant('query'), kind: fc.constant('repeat'), key: queryKey, value: weirdString }),
  );
  if (shape.query.length) {
    options.push(fc.record({ target: fc.constant('query'), kind: fc.constant('drop'), key: anyKey(shape.query) }));
  }
  for (const header of shape.headers) {
    options.push(
      fc.record({
        target: fc.constant('header'),
        kind: fc.constant('set'),
        key: fc.constant(header),
        value: headerSafe,
      }),
    );
  }
  if (shape.params.length) {
    options.push(
      fc.record({
        target: fc.constant('path'),
        index: fc.constantFrom(...shape.params),
        id: fc.constantFrom(...BAD_IDS),
      }),
    );
  }
  return fc.oneof(...options);
}

type Raw = { path: string; headers: Headers; body?: BodyInit };

async function formBytes(form: FormData) {
  const request = new Request('http://fuzz.test/', { method: 'POST', body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), type: request.headers.get('content-type') ?? '' };
}

/** The request a mutation makes of a valid one. */
async function apply(built: Built, m: Mutation): Promise<Raw> {
  const headers = new Headers(built.headers);
  const query = new URLSearchParams(built.query);
  let path = built.path;
  let body: BodyInit | undefined;

  if (built.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(built.json);
  }
  if (built.form) body = built.form();

  if (m.target === 'json') {
    const value = { ...(built.json as Record<string, unknown>) };
    if (m.kind === 'set') value[m.key] = m.value;
    if (m.kind === 'drop') delete value[m.key];
    if (m.kind === 'extra') Object.defineProperty(value, m.key, { value: m.value, enumerable: true });
    body = JSON.stringify(m.kind === 'replace' ? m.value : value);
    if (m.kind === 'text') body = m.text;
    if (m.kind === 'truncate') {
      const text = JSON.stringify(built.json);
      body = text.slice(0, m.at % text.length);
    }
    if (m.kind === 'content-type') {
      if (m.type) headers.set('content-type', m.type);
      else headers.delete('content-type');
    }
  }
  if (m.target === 'form' && built.form) {
    const form = built.form();
    if (m.kind === 'set') form.set(m.key, m.value);
    if (m.kind === 'drop') form.delete(m.key);
    if (m.kind === 'extra') form.append(m.key, m.value);
    if (m.kind === 'file-for-text') form.set(m.key, new File(['not text'], 'field.txt', { type: 'text/plain' }));
    if (m.kind === 'text-for-file') form.set('file', m.value);
    const file = form.get('file');
    if (m.kind === 'file-name' && file instanceof File)
      form.set('file', new File([file], m.value, { type: file.type }));
    body = form;
    if (m.kind === 'no-boundary' || m.kind === 'truncate' || m.kind === 'as-json') {
      const { bytes, type } = await formBytes(form);
      if (m.kind === 'no-boundary') {
        headers.set('content-type', 'multipart/form-data');
        body = bytes;
      }
      if (m.kind === 'truncate') {
        headers.set('content-type', type);
        body = bytes.slice(0, m.at % bytes.length);
      }
      if (m.kind === 'as-json') {
        headers.set('content-type', 'application/json');
        body = bytes;
      }
    }
  }
  if (m.target === 'query') {
    if (m.kind === 'set') query.set(m.key, m.value);
    if (m.kind === 'drop') query.delete(m.key);
    if (m.kind === 'repeat') {
      query.append(m.key, m.value);
      query.append(m.key, m.value);
    }
  }
  if (m.target === 'header') headers.set(m.key, m.value);
  if (m.target === 'path') {
    const segments = path.split('/');
    segments[m.index] = m.id;
    path = segments.join('/');
  }
  const search = query.toString();
  return { path: search ? `${path}?${search}` : path, headers, body };
}

/** Whom the route serves: the first caller the catalog gives a 2xx. */
const servedCaller = (row: RouteRow): CallerName =>
  (['owner', 'admin', 'anonymous'] as const).find((caller) => row.expect[caller] < 300) ?? 'owner';

const describeMutation = (m: Mutation) =>
  JSON.stringify(m, (_, value) =>
    typeof value === 'string' && value.length > 80 ? `${value.slice(0, 80)}…(${value.length})` : value,
  );

describe.each(DIALECTS)('bad input on %s', (dialect) => {
  let t: TestApp;
  let fx: Fixtures;

  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // POST /api/client-errors logs each report
    t = await createTestApp(dialect);
    fx = await createFixtures(t);
    await installWriteLog(t, dialect);
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  async function tokenFor(row: RouteRow, caller: CallerName): Promise<string | null> {
    if (caller === 'anonymous') return null;
    if (!row.ownSession) return fx[caller].token;
    // A call that ends or changes its session gets a user of its own each time.
    const user = await t.createUser({
      email: `fuzz${fx.seq()}@example.com`,
      roles: caller === 'admin' ? ['ROLE_ADMIN'] : undefined,
    });
    return (await t.login(user.email)).accessToken;
  }

  /** Sends the route's valid request with the mutation, and checks the answer. */
  // A refused call writes nothing (checked below), so its valid request still holds for the next attempt:
  // a route's request is built again only after a 2xx may have used it up.
  const ready = new Map<RouteRow, { built: Built; token: string | null }>();

  async function attempt(row: RouteRow, caller: CallerName, m: Mutation) {
    const request = ready.get(row) ?? { built: await row.build(fx, caller), token: await tokenFor(row, caller) };
    ready.set(row, request);
    const { built, token } = request;
    const raw = await apply(built, m);
    raw.headers.set('x-forwarded-for', fx.nextIp());
    if (token) raw.headers.set('authorization', `Bearer ${token}`);
    const mark = await writeMark(t);
    const res = await t.app.request(raw.path, {
      method: row.method === 'ALL' ? 'GET' : row.method,
      headers: raw.headers,
      body: raw.body,
    });
    const text = await res.text();
    const what = `${describeMutation(m)} → ${res.status} ${text.slice(0, 300)}`;
    expect(res.status, what).toBeLessThan(500);
    if (res.status < 300) {
      ready.delete(row);
      expect(neverValid(m), `a 2xx for input that cannot be valid: ${what}`).toBe(false);
      return;
    }
    expect(res.headers.get('content-type') ?? '', what).toContain('application/json');
    const body = JSON.parse(text);
    expect(body, what).toMatchObject({ success: false, error: { message: expect.any(String) } });
    expect(ERROR_CODES, what).toContain(body.error.code);
    if (body.error.fields !== undefined) {
      for (const value of Object.values(body.error.fields)) expect(typeof value, what).toBe('string');
    }
    expect(await writesSince(t, mark), `a refused call wrote: ${what}`).toEqual([]);
  }

  const rows = ROUTE_CATALOG.map((row) => [`${row.method} ${row.path}`, row] as const);

  it.each(rows)(
    '%s survives malformed input: never 5xx, refusals are JSON errors and write nothing',
    async (_, row) => {
      const caller = servedCaller(row);
      const shape = await shapeOf(row, await row.build(fx, caller));
      // First the classics, each of them: every bad id in every path parameter; out-of-range numbers, NUL and a
      // lone surrogate in every field.
      for (const index of shape.params)
        for (const id of BAD_IDS) await attempt(row, caller, { target: 'path', index, id });
      const classics = [...OUT_OF_RANGE, ...AWKWARD_TEXT];
      for (const key of shape.json ?? []) {
        for (const value of classics) await attempt(row, caller, { target: 'json', kind: 'set', key, value });
      }
      for (const key of (shape.form ?? []).filter((name) => name !== 'file')) {
        for (const value of classics)
          await attempt(row, caller, { target: 'form', kind: 'set', key, value: String(value) });
      }
      for (const key of shape.query) {
        for (const value of classics)
          await attempt(row, caller, { target: 'query', kind: 'set', key, value: String(value) });
      }
      // Then a random sample of everything else.
      const hasInput = shape.json || shape.form || shape.query.length || shape.headers.length || shape.params.length;
      const numRuns = hasInput ? RUNS[dialect] : Math.min(RUNS[dialect], 5);
      await fc.assert(
        fc.asyncProperty(mutations(shape), (m) => attempt(row, caller, m)),
        { seed: SEED, numRuns, endOnFailure: true },
      );
    },
  );

  it('refuses a body over the size limit with 413 and writes nothing', async () => {
    const big = 'a'.repeat(7 * 1024 * 1024);
    const mark = await writeMark(t);
    const json = await t.request(`/api/recruiter/talent-task/${fx.referralId}/note`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${fx.owner.token}` },
      json: { note: big },
    });
    expect(json.status).toBe(413);
    expect((await json.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const form = new FormData();
    form.append('referralId', String(fx.referralId));
    form.append('calledAt', t.clock.now().toISOString());
    form.append('file', new File([big], 'call.png', { type: 'image/png' }));
    const multipart = await t.request('/api/recruiter/talent-task/call-proof', {
      method: 'POST',
      headers: { authorization: `Bearer ${fx.owner.token}` },
      body: form,
    });
    expect(multipart.status).toBe(413);
    expect((await multipart.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await writesSince(t, mark)).toEqual([]);
  });
});
