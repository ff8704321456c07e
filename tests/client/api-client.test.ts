import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiClientOptions,
  createApiClient,
  REFRESH_LOCK_NAME,
  REFRESH_PATH,
  unwrap,
} from '#src/lib/api-client.ts';
import { AppError } from '#src/lib/app-error.ts';
import { TOKEN_STORAGE } from '#src/lib/auth-cookie.ts';
import { clearAuthTokens, getAuthTokens, setAuthTokens } from '#src/lib/auth-session.ts';
import { browserCookies, startInProcessApi, TEST_PASSWORD } from './helpers/in-process-api';

// The real API in-process (migrated in-memory SQLite) behind the real client; only the network is
// replaced, by a function that hands each Request to `app.request`.
const BASE_URL = 'http://localhost:3000';
const MINUTE = 60_000;

let server: Awaited<ReturnType<typeof startInProcessApi>>;
const advance = (ms: number) => server.advance(ms);
const createUser = () => server.createUser();

beforeAll(async () => {
  server = await startInProcessApi();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  clearAuthTokens();
  // Each test starts in a fresh rate-limit window.
  advance(60 * MINUTE);
});

type Hook = (request: Request, response: Response) => Promise<void> | void;

function setup(options: { afterResponse?: Hook; locks?: ApiClientOptions['locks'] } = {}) {
  const sent: Request[] = [];
  const cookies = browserCookies();
  const baseFetch = vi.fn(async (request: Request) => {
    sent.push(request.clone());
    const response = await server.app.request(cookies.attach(request));
    cookies.keep(response);
    await options.afterResponse?.(request, response);
    return response;
  });
  /** The refresh token as the browser holds it: in the HttpOnly cookie only. */
  const refreshCookie = () => cookies.jar.get('recruiter_refresh');
  const onSessionEnded = vi.fn();
  const client = createApiClient({ baseUrl: BASE_URL, baseFetch, onSessionEnded, locks: options.locks ?? null });
  const paths = () => sent.map((r) => new URL(r.url).pathname);
  const refreshCalls = () => paths().filter((p) => p === REFRESH_PATH).length;
  const me = () => unwrap(client.api.api.recruiter.auth.me.$get());
  // As the login page does it: the refresh token comes back as the HttpOnly cookie, not in the answer.
  const logIn = async (email: string) => {
    const answer = await unwrap(
      client.api.api.auth.login.$post({ json: { email, password: TEST_PASSWORD } }, { headers: TOKEN_STORAGE }),
    );
    if (!answer.accessToken || answer.refreshToken !== null || !refreshCookie()) throw new Error('no session');
    setAuthTokens({ accessToken: answer.accessToken, rememberMe: false });
  };
  return { client, baseFetch, sent, paths, refreshCalls, onSessionEnded, me, logIn, cookies, refreshCookie };
}

describe('api client', () => {
  it('attaches the bearer token when one exists, and none without', async () => {
    const t = setup();
    await expect(t.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(t.sent[0]?.headers.get('authorization')).toBeNull();
    expect(t.onSessionEnded).not.toHaveBeenCalled();

    await t.logIn(await createUser());
    const user = await t.me();
    expect(user.roles).toEqual(['ROLE_RECRUITER']);
    expect(t.sent.at(-1)?.headers.get('authorization')).toBe(`Bearer ${getAuthTokens()?.accessToken}`);
  });

  it('refreshes once for five concurrent 401s and replays each request with the new token', async () => {
    const t = setup();
    const email = await createUser();
    await t.logIn(email);
    const before = getAuthTokens();
    const cookieBefore = t.refreshCookie();
    advance(16 * MINUTE); // the 15-minute access token has expired

    const users = await Promise.all(Array.from({ length: 5 }, () => t.me()));

    expect(users.map((u) => u.email)).toEqual(Array(5).fill(email));
    expect(t.refreshCalls()).toBe(1);
    const after = getAuthTokens();
    expect(after?.accessToken).not.toBe(before?.accessToken);
    // The refresh token rotated in the HttpOnly cookie; script never held either one (issue 22).
    expect(t.refreshCookie()).toEqual(expect.any(String));
    expect(t.refreshCookie()).not.toBe(cookieBefore);
    expect(after?.refreshToken).toBeUndefined();
    expect(document.cookie).not.toContain(cookieBefore);
    expect(document.cookie).not.toContain(t.refreshCookie());
    // 1 login + 5 first tries + 1 refresh + 5 replays
    expect(t.sent).toHaveLength(12);
    for (const replay of t.sent.slice(-5)) {
      expect(replay.headers.get('authorization')).toBe(`Bearer ${after?.accessToken}`);
    }
    expect(t.onSessionEnded).not.toHaveBeenCalled();
  });

  it('takes the cross-tab lock and uses tokens another tab already rotated, without calling the server', async () => {
    const held: string[] = [];
    const locks = {
      request: async <T>(name: string, callback: () => Promise<T>) => {
        held.push(name);
        return callback();
      },
    };
    const t = setup({ locks });
    await t.logIn(await createUser());
    const mine = getAuthTokens();
    if (!mine) throw new Error('not logged in');
    advance(16 * MINUTE);

    // Another tab refreshes (the browser's cookies are shared): a new access token in the shared cookie,
    // while this tab still holds the old one.
    const refreshed = await server.app.request(
      t.cookies.attach(new Request(`${BASE_URL}${REFRESH_PATH}`, { headers: TOKEN_STORAGE })),
    );
    t.cookies.keep(refreshed);
    const other = (await refreshed.json()) as { accessToken: string };
    setAuthTokens({ accessToken: other.accessToken, rememberMe: false });
    const sharedCookie = document.cookie;
    setAuthTokens(mine);
    // biome-ignore lint/suspicious/noDocumentCookie: the shared cookie is what the other tab wrote
    document.cookie = `${sharedCookie}; path=/; SameSite=Strict`;

    await expect(t.me()).resolves.toMatchObject({ roles: ['ROLE_RECRUITER'] });
    expect(held).toEqual([REFRESH_LOCK_NAME]);
    expect(t.refreshCalls()).toBe(0);
    expect(getAuthTokens()?.accessToken).toBe(other.accessToken);
  });

  it('logs out and goes home once when the refresh is refused', async () => {
    const t = setup();
    await t.logIn(await createUser());
    // The session is ended elsewhere (in another tab, which clears the shared cookie).
    const out = await server.app.request(
      t.cookies.attach(new Request(`${BASE_URL}/api/auth/logout`, { method: 'POST', headers: TOKEN_STORAGE })),
    );
    t.cookies.keep(out);
    expect(t.refreshCookie()).toBeUndefined();

    const results = await Promise.allSettled([t.me(), t.me(), t.me()]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 401 });
    }
    expect(t.refreshCalls()).toBe(1);
    expect(getAuthTokens()).toBeNull();
    expect(document.cookie).not.toContain('recruiter_auth=');
    expect(t.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('logs out when the replay is refused again', async () => {
    const email = await createUser();
    // An admin deactivates the account between the refresh and the replay.
    const t = setup({
      afterResponse: async (request, response) => {
        if (new URL(request.url).pathname === REFRESH_PATH && response.ok) {
          await server.db.updateTable('users').set({ status: 'DEACTIVATE' }).where('email', '=', email).execute();
        }
      },
    });
    await t.logIn(email);
    advance(16 * MINUTE);

    await expect(t.me()).rejects.toMatchObject({ code: 'ACCOUNT_DEACTIVATED', status: 401 });
    expect(t.refreshCalls()).toBe(1);
    expect(t.paths().filter((p) => p === '/api/recruiter/auth/me')).toHaveLength(2);
    expect(getAuthTokens()).toBeNull();
    expect(t.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a refused login, even while logged in', async () => {
    const t = setup();
    const email = await createUser();
    await t.logIn(email);
    const tokens = getAuthTokens();

    await expect(
      unwrap(t.client.api.api.auth.login.$post({ json: { email, password: 'Wrong#123' } })),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
    expect(t.refreshCalls()).toBe(0);
    expect(getAuthTokens()).toEqual(tokens);
    expect(t.onSessionEnded).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh cannot reach the server (offline)', async () => {
    let offline = false;
    const t = setup();
    const client = createApiClient({
      baseUrl: BASE_URL,
      baseFetch: async (request) => {
        if (offline && new URL(request.url).pathname === REFRESH_PATH) throw new TypeError('Failed to fetch');
        return t.baseFetch(request);
      },
      onSessionEnded: t.onSessionEnded,
      locks: null,
    });
    await t.logIn(await createUser());
    const tokens = getAuthTokens();
    advance(16 * MINUTE);
    offline = true;

    await expect(unwrap(client.api.api.recruiter.auth.me.$get())).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(getAuthTokens()).toEqual(tokens);
    expect(t.onSessionEnded).not.toHaveBeenCalled();
  });

  it('keeps the session and shows the answer when the refresh meets a server that is down', async () => {
    const t = setup();
    const client = createApiClient({
      baseUrl: BASE_URL,
      baseFetch: async (request) => {
        if (new URL(request.url).pathname !== REFRESH_PATH) return t.baseFetch(request);
        const body = { success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } };
        return new Response(JSON.stringify(body), { status: 503 });
      },
      onSessionEnded: t.onSessionEnded,
      locks: null,
    });
    await t.logIn(await createUser());
    const tokens = getAuthTokens();
    advance(16 * MINUTE);

    const results = await Promise.allSettled([1, 2, 3].map(() => unwrap(client.api.api.recruiter.auth.me.$get())));

    for (const result of results) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    }
    expect(getAuthTokens()).toEqual(tokens);
    expect(t.onSessionEnded).not.toHaveBeenCalled();
  });

  it('replays a request body after the refresh', async () => {
    const t = setup();
    await t.logIn(await createUser());
    advance(16 * MINUTE);
    const bodies: string[] = [];
    // A stand-in endpoint that needs a fresh token and echoes its body; the refresh stays real.
    const client = createApiClient({
      baseUrl: BASE_URL,
      baseFetch: async (request) => {
        if (new URL(request.url).pathname !== '/api/echo') return t.baseFetch(request);
        const probe = await server.app.request('/api/recruiter/auth/me', {
          headers: { authorization: request.headers.get('authorization') ?? '' },
        });
        bodies.push(await request.text());
        return new Response(JSON.stringify({ success: true, data: null }), { status: probe.status });
      },
      onSessionEnded: t.onSessionEnded,
      locks: null,
    });

    const response = await client.apiFetch('/api/echo', { method: 'POST', body: JSON.stringify({ note: 'hello' }) });

    expect(response.status).toBe(200);
    expect(bodies).toEqual(['{"note":"hello"}', '{"note":"hello"}']);
    expect(t.refreshCalls()).toBe(1);
  });
});
