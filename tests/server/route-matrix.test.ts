import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  appRoutes,
  CALLERS,
  type CallerName,
  createFixtures,
  type Fixtures,
  installWriteLog,
  ROUTE_CATALOG,
  type RouteRow,
  send,
  writeMark,
  writesSince,
} from './helpers/route-catalog';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 7, "Authorization matrix": every route of the app, called by an anonymous visitor, recruiter A
// (who owns what the request names), recruiter B and an admin. Each gets exactly the catalog's answer;
// nobody gets a 2xx the catalog does not give them; and a refused call leaves the database as it was.

const key = (row: Pick<RouteRow, 'method' | 'path'>) => `${row.method} ${row.path}`;
// The session-ending rows run last, so every other row still has every caller's session.
const ROWS = [...ROUTE_CATALOG.filter((row) => !row.ownSession), ...ROUTE_CATALOG.filter((row) => row.ownSession)];
// The owner calls last: the others try A's records first, then A's own call may change them.
const ORDER: CallerName[] = ['anonymous', 'other', 'admin', 'owner'];

describe.each(DIALECTS)('the authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let fx: Fixtures;
  const answers: { route: string; caller: CallerName; expected: number; status: number }[] = [];

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

  it('has one catalog row for every route of the app, and no row without a route', () => {
    const catalog = ROUTE_CATALOG.map(key).sort();
    expect(new Set(catalog).size, 'a route is in the catalog twice').toBe(catalog.length);
    const routes = appRoutes(t.app);
    expect(
      routes.filter((route) => !catalog.includes(route)),
      'routes without a catalog row',
    ).toEqual([]);
    expect(
      catalog.filter((route) => !routes.includes(route)),
      'catalog rows without a route',
    ).toEqual([]);
  });

  it('sees every write, so "wrote nothing" below means nothing', async () => {
    const mark = await writeMark(t);
    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', fx.owner.id).execute();
    expect(await writesSince(t, mark)).toEqual(['UPDATE users']);
  });

  async function tokenFor(row: RouteRow, caller: CallerName): Promise<string | null> {
    if (caller === 'anonymous') return null;
    const who = fx[caller];
    return row.ownSession ? (await t.login(who.email)).accessToken : who.token;
  }

  it.each(ROWS.map((row) => [key(row), row] as const))('%s answers each caller as the catalog says', async (_, row) => {
    const got: Partial<Record<CallerName, number>> = {};
    // Every caller's request first (fresh records, new sessions), then the calls, each against the state the last left.
    const requests = [];
    for (const caller of ORDER)
      requests.push({ caller, built: await row.build(fx, caller), token: await tokenFor(row, caller) });
    let mark = await writeMark(t);
    for (const { caller, built, token } of requests) {
      const answer: Answer = await send(fx, row.method, built, token);
      const writes = await writesSince(t, mark);
      mark = await writeMark(t);
      got[caller] = answer.status;
      answers.push({ route: key(row), caller, expected: row.expect[caller], status: answer.status });
      if (answer.status >= 300) {
        expect(answer.contentType, `${caller}: ${answer.text}`).toContain('application/json');
        expect(JSON.parse(answer.text), `${caller}: ${answer.text}`).toMatchObject({
          success: false,
          error: { code: expect.any(String), message: expect.any(String) },
        });
        expect(writes, `${caller}'s refused call (${answer.status}) wrote`).toEqual([]);
        // A refusal says nothing of A's records: not A's e-mail, nor A's talent's name or e-mail.
        for (const secret of [fx.owner.email, 'Aisyah', 'aisyah@example.com']) {
          expect(answer.text, `${caller}'s refusal mentions ${secret}`).not.toContain(secret);
        }
      }
    }
    expect(got).toEqual(row.expect);
  });

  it('never answers a 2xx the catalog does not give that caller', () => {
    expect(answers.length).toBe(ROWS.length * CALLERS.length);
    const unexpected = answers.filter((a) => a.status < 300 && !(a.expected < 300));
    expect(unexpected).toEqual([]);
  });
});
