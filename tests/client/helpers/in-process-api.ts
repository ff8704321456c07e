import { Hono } from 'hono';
import { afterAll, beforeAll, vi } from 'vitest';
import { setAuthTokens } from '#src/lib/auth-session.ts';
import { createApp } from '#src/server/app.ts';
import type { AppEnv } from '#src/server/context.ts';
import { connect } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';
import { readEnv } from '#src/server/env.ts';
import { type StoredPayout, sealPayout } from '#src/server/personal-data/sealed-details.ts';
import { hashPassword } from '#src/server/security/passwords.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import type { LoginAnswer } from '#src/shared/auth-schemas.ts';
import type { Role } from '#src/shared/enums.ts';

export const TEST_PASSWORD = 'Secret#123';

// The real API in-process on a migrated in-memory SQLite, with a clock tests can move forward.
// Client tests hand it their Requests with `app.request`: the only thing replaced is the network.
export async function startInProcessApi(envOverrides: Record<string, string> = {}) {
  const db = connect({});
  await migrateToLatest(db);
  let current = new Date('2026-11-22T02:00:00.000Z');
  const env = readEnv({
    APP_ENV: 'test',
    JWT_SECRET: 'x'.repeat(40),
    DATA_DIR: '/tmp/recruiter-test',
    MAIL_WORKER: 'false',
    ...envOverrides,
  });
  const app = withCookiesSeen(createApp({ db, env, storage: createStorage(env), now: () => new Date(current) }));
  const passwordHash = await hashPassword(TEST_PASSWORD);

  let count = 0;
  const createUser = async (values: { roles?: Role[]; needToChangePassword?: boolean; fullName?: string } = {}) => {
    count += 1;
    const email = `user${count}@example.com`;
    const at = current.toISOString();
    await db
      .insertInto('users')
      .values({
        email,
        password_hash: passwordHash,
        full_name: values.fullName ?? `Recruiter ${count}`,
        phone: null,
        roles: JSON.stringify(values.roles ?? ['ROLE_RECRUITER']),
        status: 'ACTIVE',
        need_to_change_password: values.needToChangePassword ? 1 : 0,
        remaining_ai_note_improvement: 20,
        locale: 'en',
        timezone: 'Asia/Kuala_Lumpur',
        created_at: at,
        updated_at: at,
      })
      .execute();
    return email;
  };

  /** The real login call, as the login page makes it. */
  const logIn = async (email: string, password = TEST_PASSWORD): Promise<LoginAnswer> => {
    const response = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return (await response.json()) as LoginAnswer;
  };

  /** A new session of `email` (another device's, say): its tokens, not made this page's session. */
  const sessionOf = async (email: string) => {
    const answer = await logIn(email);
    const { accessToken, refreshToken } = answer;
    if (!accessToken || !refreshToken) throw new Error(`${email} got no session: ${JSON.stringify(answer)}`);
    return { accessToken, refreshToken };
  };

  /** Logs `email` in and makes the answer the app's session, as the login page does. */
  const signIn = async (email: string) => {
    const tokens = await sessionOf(email);
    setAuthTokens({ ...tokens, rememberMe: false });
    return tokens;
  };

  return {
    app,
    db,
    env,
    createUser,
    /** Bank details saved for the user, sealed as the account page saves them (issue 46). */
    setPayout: async (userId: number, payout: StoredPayout) => {
      await db
        .updateTable('users')
        .set({ payout_sealed: sealPayout(sealingKeysOf(env), userId, payout) })
        .where('id', '=', userId)
        .execute();
    },
    logIn,
    sessionOf,
    signIn,
    /** A fetch for `vi.stubGlobal('fetch', …)`. */
    fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(new Request(input, init)),
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
    /** The API's clock now (it starts on 2026-11-22 and moves only when a test moves it). */
    now: () => new Date(current),
    close: () => db.destroy(),
  };
}

export type InProcessApi = Awaited<ReturnType<typeof startInProcessApi>>;

/**
 * The in-process API for one test file: started before its tests with the page's `fetch` routed to it,
 * closed after them. Call it at the top of the file; the object it returns stands for the running API
 * (its hooks and tests run after this beforeAll, so they always find it started).
 */
export function inProcessApiForFile(): InProcessApi {
  let running: InProcessApi | null = null;
  beforeAll(async () => {
    running = await startInProcessApi();
    vi.stubGlobal('fetch', running.fetch);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await running?.close();
    running = null;
  });
  return new Proxy({} as InProcessApi, {
    get(_target, key) {
      if (!running) throw new Error('The in-process API runs from beforeAll to afterAll');
      return Reflect.get(running, key);
    },
  });
}

// happy-dom, where client tests run, drops Set-Cookie from every Response it builds, as a page's fetch
// must; but here the "page" stands in for the browser too. The cookies the API sets are copied to this
// header, which `browserCookies` reads as the browser reads Set-Cookie.
const COOKIES_SEEN = 'x-test-set-cookie';

function withCookiesSeen(api: Hono<AppEnv>): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      const seen: string[] = [];
      const header = c.header;
      c.header = ((name: string, value: string | undefined, options?: { append?: boolean }) => {
        if (name.toLowerCase() === 'set-cookie' && value) seen.push(value);
        return header(name, value, options);
      }) as typeof c.header;
      await next();
      // One JSON list: a cookie's Expires has a comma, so joined headers could not be split again.
      if (seen.length > 0) c.res.headers.set(COOKIES_SEEN, JSON.stringify(seen));
    })
    .route('/', api);
}

/**
 * What a browser does with the API's cookies (the HttpOnly refresh cookie, issue 22): kept from each
 * answer's Set-Cookie, sent back with each request, forgotten when the server clears it. Script in the
 * page never sees them: tests read `jar` to check what the browser holds.
 */
export function browserCookies() {
  const jar = new Map<string, string>();
  return {
    jar,
    attach(request: Request): Request {
      if (jar.size === 0) return request;
      const withCookies = new Request(request);
      withCookies.headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      return withCookies;
    },
    keep(response: Response): void {
      for (const line of JSON.parse(response.headers.get(COOKIES_SEEN) ?? '[]') as string[]) {
        const [pair = '', ...attributes] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name);
        else jar.set(name, value);
      }
    },
  };
}
