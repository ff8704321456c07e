import { gunzipSync } from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openApiPath } from '#src/server/openapi/build-document.ts';
import { DOCS_ASSETS } from '#src/server/openapi/docs-page.ts';
import { adminCaller, type Caller, call, caller } from './helpers/money-fixtures';
import { insertPayment } from './helpers/money-rows';
import { appRoutes, createFixtures, type Fixtures, ROUTE_CATALOG, type RouteRow, send } from './helpers/route-catalog';
import { insertReferral, insertTalent, insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from './helpers/test-app';

// Issue 26, item 1: /api/openapi.json describes every route of the app (and nothing else), is valid
// OpenAPI 3.1, says who may call each route, and the main calls' real answers match what it says.

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as loose JSON; ajv checks what matters.
type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const opKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

async function documentOf(t: TestApp): Promise<Json> {
  const res = await t.request('/api/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

function operations(doc: Json): Map<string, Json> {
  const found = new Map<string, Json>();
  for (const [path, item] of Object.entries(doc.paths as Json))
    for (const method of METHODS) if (item[method]) found.set(opKey(method, path), item[method]);
  return found;
}

/** `#/components/...` refs point into the document; ajv reads them from a schema named `doc`. */
function ajvFor(doc: Json) {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', $defs: doc.components.schemas });
  return ajv;
}
const rebased = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/'));

/** The JSON schema the document gives for an operation's answer with this status (or its range). */
function answerSchema(doc: Json, key: string, status: number): unknown {
  const operation = operations(doc).get(key);
  if (!operation) throw new Error(`${key} is not in the document`);
  let response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
  if (!response) throw new Error(`${key} has no answer for ${status}`);
  if (response.$ref) response = doc.components.responses[response.$ref.split('/').pop()];
  return response.content['application/json'].schema;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = await documentOf(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is OpenAPI 3.1 named for the API, at the version of package.json', async () => {
    const { version } = (await import('#package.json', { with: { type: 'json' } })).default;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'Recruiter API', version });
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('describes every API route of the app with its method, and no route the app lacks', () => {
    const routes = appRoutes(t.app)
      .filter((route) => !route.startsWith('ALL ') && route.includes(' /api/'))
      .map((route) => {
        const [method = '', path = ''] = route.split(' ');
        return opKey(method, openApiPath(path));
      })
      .sort();
    expect(routes.length).toBeGreaterThan(100);
    expect([...operations(doc).keys()].sort()).toEqual(routes);
  });

  it('gives each route a summary, a listed tag, and the security of its access rule in route-catalog.ts', () => {
    const tags = new Set((doc.tags as Json[]).map((tag) => tag.name));
    const ops = operations(doc);
    const wrong: string[] = [];
    for (const row of ROUTE_CATALOG.filter((row) => row.method !== 'ALL' && row.path.startsWith('/api/'))) {
      const op = ops.get(opKey(row.method, openApiPath(row.path))) as Json;
      if (!op.summary || op.tags.length !== 1 || !tags.has(op.tags[0]))
        wrong.push(`${row.method} ${row.path}: summary/tag`);
      if (JSON.stringify(op.security) !== JSON.stringify(securityOf(row)))
        wrong.push(`${row.method} ${row.path}: security`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers every error with the error shape, and a validated route its 400', () => {
    for (const [key, op] of operations(doc)) {
      expect(op.responses['4XX'], key).toEqual({ $ref: '#/components/responses/Error' });
      expect(op.responses['5XX'], key).toEqual({ $ref: '#/components/responses/Error' });
      if (op.parameters?.length || op.requestBody) expect(op.responses['400'], key).toBeDefined();
      if (op.security.length && !op.security.some((rule: Json) => Object.keys(rule).length === 0))
        expect(op.responses['401'], key).toBeDefined();
    }
  });

  it('has only schemas ajv compiles, and only references that resolve', () => {
    const ajv = ajvFor(doc);
    const schemas: unknown[] = [];
    for (const [key, op] of operations(doc)) {
      for (const param of op.parameters ?? []) {
        const resolved = param.$ref ? doc.components.parameters[param.$ref.split('/').pop()] : param;
        expect(resolved, `${key} ${param.$ref}`).toBeDefined();
        schemas.push(resolved.schema);
      }
      for (const media of Object.values(op.requestBody?.content ?? {})) schemas.push((media as Json).schema);
      for (const response of Object.values(op.responses) as Json[]) {
        const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response;
        expect(resolved, `${key} ${response.$ref}`).toBeDefined();
        for (const media of Object.values(resolved.content ?? {})) schemas.push((media as Json).schema);
      }
    }
    for (const schema of schemas) expect(() => ajv.compile(rebased(schema) as object)).not.toThrow();
    expect(schemas.length).toBeGreaterThan(200);
  });

  it('describes a number in the address as a number, not as "number | string"', () => {
    const parameters = operations(doc).get('GET /api/admin/referrals')?.parameters as Json[];
    const named = (name: string) => parameters.find((parameter) => parameter.name === name)?.schema;
    expect(named('taskId')).toEqual({ type: 'integer', minimum: 1, maximum: 2147483647 });
    // Its limits as the validator reads them: the page is a whole number from 1, the page size one of four.
    expect(named('page')).toEqual({ type: 'integer', minimum: 1, maximum: 100000, default: 1 });
    expect(named('pageSize')).toEqual({ type: 'number', enum: [10, 20, 30, 50], default: 10 });
    for (const [key, op] of operations(doc))
      for (const parameter of op.parameters ?? [])
        expect(parameter.schema?.anyOf, `${key} ${parameter.name}`).toBeUndefined();
  });

  it('gives files, CSV and the event stream their own content types', () => {
    const content = (key: string) => Object.keys(operations(doc).get(key)?.responses['200'].content);
    expect(content('GET /api/admin/payments/export.csv')).toEqual(['text/csv']);
    expect(content('POST /api/recruiter/ai/recruiter-notes/improve')).toEqual(['text/event-stream']);
    expect(content('GET /api/files/{id}')).toEqual(['application/octet-stream']);
    expect(content('GET /api/recruiter/earning/statement.pdf')).toEqual(['application/pdf']);
    expect(content('GET /api/docs')).toEqual(['text/html']);
  });

  it('is built once: a second call answers the same document', async () => {
    const again = await documentOf(t);
    expect(again).toEqual(doc);
  });
});

/** Checks an answer against the document's schema for its status; returns the parsed body. */
function validAnswer(ajv: ReturnType<typeof ajvFor>, doc: Json, key: string, status: number, text: string): Json {
  const body = JSON.parse(text) as Json;
  const validate = ajv.compile(rebased(answerSchema(doc, key, status)) as object);
  expect(validate(body) ? [] : validate.errors, `${key} ${status}`).toEqual([]);
  return body;
}

/** What route-catalog.ts's answers say a route needs, as the document's `security`. */
function securityOf(row: RouteRow): Json[] {
  if (row.path === '/api/recruiter/auth/refresh-token' || row.path === '/api/auth/logout')
    return [{}, { refreshCookie: [] }];
  const { anonymous, owner, admin } = row.expect;
  if (anonymous !== 401) return [];
  if (owner === 403) return [{ bearer: ['ROLE_ADMIN'] }];
  if (admin === 403) return [{ bearer: ['ROLE_RECRUITER'] }];
  return [{ bearer: [] }];
}

describe.each(DIALECTS)('real answers of the main calls on %s', (dialect) => {
  let t: TestApp;
  let fx: Fixtures;
  let doc: Json;
  let ajv: ReturnType<typeof ajvFor>;
  beforeAll(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    t = await createTestApp(dialect);
    fx = await createFixtures(t);
    doc = await documentOf(t);
    ajv = ajvFor(doc);
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  /** Checks an answer against the document's schema for its status; returns the parsed body. */
  const expectValid = (key: string, status: number, text: string): Json => validAnswer(ajv, doc, key, status, text);

  const MAIN_CALLS: [string, string, 'owner' | 'admin', number][] = [
    ['GET', '/api/health', 'owner', 200],
    ['GET', '/api/recruiter/auth/me', 'owner', 200],
    ['GET', '/api/recruiter/task', 'owner', 200],
    ['GET', '/api/recruiter/recruiter/task', 'owner', 200],
    ['GET', '/api/recruiter/talent', 'owner', 200],
    ['POST', '/api/recruiter/talent/drop_resume', 'owner', 201],
    ['POST', '/api/recruiter/talent/task', 'owner', 201],
    ['GET', '/api/recruiter/talent-task', 'owner', 200],
    ['GET', '/api/admin/referrals', 'admin', 200],
    ['GET', '/api/admin/payments', 'admin', 200],
    ['GET', '/api/notifications', 'owner', 200],
    // Issue 46: the payee details (saved first, so the answer is the details, not null) and the statement.
    ['PUT', '/api/account/payee', 'owner', 200],
    ['GET', '/api/account/payee', 'owner', 200],
    ['GET', '/api/admin/recruiters/:id/payee', 'admin', 200],
    ['GET', '/api/recruiter/earning/statement', 'owner', 200],
    ['GET', '/api/admin/recruiters/:id/statement', 'admin', 200],
  ];

  it.each(MAIN_CALLS)('%s %s answers what the document says', async (method, path, caller, status) => {
    const row = ROUTE_CATALOG.find((row) => row.method === method && row.path === path) as RouteRow;
    const answer = await send(fx, method, await row.build(fx, caller), fx[caller].token);
    expect(answer.status).toBe(status);
    const body = expectValid(opKey(method, openApiPath(path)), status, answer.text);
    if (body.data?.items) expect(body.data.items.length, 'a list with no item checks nothing').toBeGreaterThan(0);
  });

  it('login, refresh and logout answer what the document says', async () => {
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': fx.nextIp() };
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      headers,
      json: { email: fx.owner.email, password: TEST_PASSWORD },
    });
    const session = expectValid('POST /api/auth/login', 200, await login.text());
    const refresh = await t.request('/api/recruiter/auth/refresh-token', {
      headers: { ...headers, 'x-refresh-token': session.refreshToken },
    });
    const pair = expectValid('GET /api/recruiter/auth/refresh-token', 200, await refresh.text());
    const logout = await t.request('/api/auth/logout', {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${pair.accessToken}`, 'x-refresh-token': pair.refreshToken },
    });
    expectValid('POST /api/auth/logout', 200, await logout.text());
  });

  it('a 400 VALIDATION_FAILED and a 401 match the error shape', async () => {
    const bad = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'x-forwarded-for': fx.nextIp() },
      json: { email: 'not an address' },
    });
    expect(bad.status).toBe(400);
    const body = expectValid('POST /api/auth/login', 400, await bad.text());
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: expect.any(String) } });
    const anonymous = await t.request('/api/recruiter/talent');
    expect(anonymous.status).toBe(401);
    expect(expectValid('GET /api/recruiter/talent', 401, await anonymous.text()).error.code).toBe('UNAUTHORIZED');
  });
});

// Issue 46: the answers of Form CP58's and section 107D's calls, with something in every list: a recruiter
// paid over RM100,000 in 2025 (listed for 2025's Form CP58, marked for section 107D in 2026) and paid in
// November 2026 with 2% withheld.
describe.each(DIALECTS)("the money paperwork's answers on %s", (dialect) => {
  let t: TestApp;
  let doc: Json;
  let ajv: ReturnType<typeof ajvFor>;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      PAYER_NAME: 'Rekrut Bakat Sdn Bhd',
      PAYER_REGISTRATION_NUMBER: '202001012345 (1234567-X)',
      PAYER_EMPLOYER_NUMBER: 'E 9876543210',
      PAYER_ADDRESS: 'Level 5, Menara Contoh|50450 Kuala Lumpur',
    });
    doc = await documentOf(t);
    ajv = ajvFor(doc);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answer what the document says, each list holding something', async () => {
    const admin = await adminCaller(t);
    const recruiter = await caller(t);
    await call(t, recruiter, 'PUT', '/api/account/payee', {
      fullName: 'NUR AINA BINTI HASHIM',
      idType: 'MYKAD',
      idNumber: '900615145071',
      address: { line1: 'No. 12, Jalan Setiawangsa 9', postcode: '54200', city: 'Kuala Lumpur', state: 'KUALA_LUMPUR' },
    });
    const task = await insertTask(t);
    const approved = async (amount: number) =>
      insertReferral(t, await insertTalent(t, recruiter.id), task, {
        reward_status: 'APPROVED',
        reward_amount: amount,
        reward_currency: 'MYR',
      });
    await insertPayment(t, {
      recruiterId: recruiter.id,
      createdBy: admin.id,
      referralIds: [await approved(10_000_001)],
      paidAt: '2025-06-01T04:00:00.000Z',
      createdAt: '2025-06-01T04:00:00.000Z',
    });
    const created = await call(t, admin, 'POST', '/api/admin/payments', {
      recruiterId: recruiter.id,
      referralIds: [await approved(50_000)],
    });
    expect(created.status).toBe(201);
    const paid = await call(t, admin, 'POST', `/api/admin/payments/${created.body.data.id}/pay`, {
      reference: 'MBB-1',
      paidAt: '2026-11-21T02:00:00.000Z',
    });
    expect(paid.body.data.withheld).toBe(1_000);

    const calls: [Caller, string, string, unknown, string[]][] = [
      [admin, 'POST', '/api/admin/cp58/issue', { year: 2025 }, ['issued']],
      [admin, 'GET', '/api/admin/cp58?year=2025', undefined, ['rows', 'years']],
      [recruiter, 'POST', '/api/recruiter/earning/cp58/request', { year: 2025 }, []],
      [recruiter, 'GET', '/api/recruiter/earning/cp58', undefined, ['forms', 'requests']],
      [admin, 'GET', '/api/admin/withholding?month=2026-11', undefined, ['rows', 'totals', 'months']],
      [admin, 'GET', '/api/admin/withholding/marks?year=2026', undefined, []],
    ];
    for (const [who, method, path, json, lists] of calls) {
      const answer = await call(t, who, method, path, json);
      const key = opKey(method, openApiPath(path.split('?')[0] as string));
      const body = validAnswer(ajv, doc, key, answer.status, answer.text);
      expect(answer.status, key).toBe(200);
      for (const list of lists) expect(body.data[list].length, `${key} ${list}`).toBeGreaterThan(0);
      if (Array.isArray(body.data)) expect(body.data.length, key).toBeGreaterThan(0);
    }
  });
});

describe('the docs page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers HTML that loads only our own script and style sheet, under its own CSP', async () => {
    const res = await t.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)|https?:/);
    const html = await res.text();
    const loads = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    // The app's own icon (the PWA's file) in the tab, not a 404 for /favicon.ico.
    expect(loads.sort()).toEqual([
      '/api/docs/start.js',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-ui.css',
      '/favicon.svg',
    ]);
    expect(html).not.toMatch(/<script>|<style>/);
  });

  it.each(DOCS_ASSETS)('serves %s from node_modules, gzipped when asked', async (name) => {
    const plain = await t.request(`/api/docs/${name}`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(name.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(100);
    const gzipped = await t.request(`/api/docs/${name}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(new TextDecoder().decode(gunzipSync(new Uint8Array(await gzipped.arrayBuffer())))).toBe(text);
  });

  it('answers 404 with the error shape for any other file name', async () => {
    const res = await t.request('/api/docs/package.json');
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).error.code).toBe('NOT_FOUND');
  });
});
