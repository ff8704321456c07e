import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from './helpers/test-app';

// Issue 22, finding 9: the app's refresh token lives only in an HttpOnly, SameSite=Strict cookie
// (`__Host-` over https), which no script, an XSS included, can read. API clients that do not ask for
// the cookie keep the seed's answers.
const REFRESH_PATH = '/api/recruiter/auth/refresh-token';
const APP = { 'x-token-storage': 'cookie' };
const SECONDS_7_DAYS = 604800;

/** One Set-Cookie line, split into its value and attributes (lower-cased names). */
function cookieOf(response: Response, name: string) {
  const line = response.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  if (!line) return null;
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const attributes = Object.fromEntries(
    rest.map((part) => {
      const [key = '', value = ''] = part.split('=');
      return [key.toLowerCase(), value];
    }),
  );
  return { value: pair.slice(name.length + 1), attributes };
}

describe.each(DIALECTS)('the refresh cookie on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  async function appLogin(rememberMe: boolean) {
    const user = await t.createUser({ email: 'amir@example.com' });
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      json: { email: user.email, password: TEST_PASSWORD, rememberMe },
      headers: APP,
    });
    expect(res.status).toBe(200);
    return { res, body: await res.json() };
  }
  const refreshWith = (cookie: string | null, headers: Record<string, string> = APP) =>
    t.request(REFRESH_PATH, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  describe('served over https', () => {
    const NAME = '__Host-recruiter_refresh';

    it('keeps the refresh token out of the answer, in an HttpOnly, Secure, SameSite=Strict __Host- cookie', async () => {
      t = await createTestApp(dialect);
      const { res, body } = await appLogin(false);
      expect(body).toMatchObject({ success: true, needToChangePassword: false, refreshToken: null });
      expect(body.accessToken).toEqual(expect.any(String));
      const cookie = cookieOf(res, NAME);
      expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
      expect(cookie?.attributes).toMatchObject({ path: '/', httponly: '', secure: '', samesite: 'Strict' });
      expect(cookie?.attributes).not.toHaveProperty('domain');
      // Without remember-me it ends with the browser session, like the page's own cookie.
      expect(cookie?.attributes).not.toHaveProperty('max-age');
      const me = await t.request('/api/recruiter/auth/me', { headers: bearer(body.accessToken) });
      expect(me.status).toBe(200);
    });

    it('lives 7 days with remember-me, renewed by each refresh, which rotates it', async () => {
      t = await createTestApp(dialect);
      const { res } = await appLogin(true);
      const first = cookieOf(res, NAME);
      expect(first?.attributes['max-age']).toBe(String(SECONDS_7_DAYS));

      const refreshed = await refreshWith(`${NAME}=${first?.value}`);
      expect(refreshed.status).toBe(200);
      const body = await refreshed.json();
      expect(body).toMatchObject({ success: true, refreshToken: null, accessToken: expect.any(String) });
      const second = cookieOf(refreshed, NAME);
      expect(second?.value).not.toBe(first?.value);
      expect(second?.attributes).toMatchObject({ 'max-age': String(SECONDS_7_DAYS), httponly: '', secure: '' });

      // The old cookie presented again after the grace window: the whole login ends (reuse detection).
      t.clock.advance(60_000);
      const reused = await refreshWith(`${NAME}=${first?.value}`);
      expect(reused.status).toBe(401);
      expect((await reused.json()).error.code).toBe('REFRESH_TOKEN_REUSED');
      expect((await refreshWith(`${NAME}=${second?.value}`)).status).toBe(401);
    });

    it('refuses the app a refresh without its cookie, and a cookie without the __Host- prefix', async () => {
      t = await createTestApp(dialect);
      const { res } = await appLogin(false);
      const value = cookieOf(res, NAME)?.value;
      const none = await refreshWith(null);
      expect(none.status).toBe(401);
      expect((await none.json()).error.code).toBe('INVALID_TOKEN');
      // A cookie a subdomain or a plain-http page could have planted has no prefix: not read.
      expect((await refreshWith(`recruiter_refresh=${value}`)).status).toBe(401);
      expect((await refreshWith(`${NAME}=${value}`)).status).toBe(200);
    });

    it('logs out the session its cookie names and clears the cookie', async () => {
      t = await createTestApp(dialect);
      const { res, body } = await appLogin(false);
      const value = cookieOf(res, NAME)?.value;
      const out = await t.request('/api/auth/logout', {
        method: 'POST',
        headers: { ...APP, cookie: `${NAME}=${value}` },
      });
      expect(out.status).toBe(200);
      expect(cookieOf(out, NAME)?.attributes['max-age']).toBe('0');
      expect((await refreshWith(`${NAME}=${value}`)).status).toBe(401);
      expect((await t.request('/api/recruiter/auth/me', { headers: bearer(body.accessToken) })).status).toBe(401);
    });

    it('moves a token an earlier release kept in the page cookie into the HttpOnly cookie', async () => {
      t = await createTestApp(dialect);
      const user = await t.createUser({ email: 'amir@example.com' });
      const seed = await t.login(user.email); // the seed's answer: the token in the body
      const moved = await refreshWith(null, { ...APP, 'x-refresh-token': seed.refreshToken });
      expect(moved.status).toBe(200);
      expect((await moved.json()).refreshToken).toBeNull();
      const cookie = cookieOf(moved, NAME);
      expect((await refreshWith(`${NAME}=${cookie?.value}`)).status).toBe(200);
    });

    it('answers API clients that do not ask for the cookie as the seed says, with no cookie', async () => {
      t = await createTestApp(dialect);
      const user = await t.createUser({ email: 'amir@example.com' });
      const res = await t.request('/api/auth/login', {
        method: 'POST',
        json: { email: user.email, password: TEST_PASSWORD },
      });
      const body = await res.json();
      expect(body.refreshToken).toEqual(expect.any(String));
      expect(res.headers.getSetCookie()).toEqual([]);
      const refreshed = await t.request(REFRESH_PATH, { headers: { 'x-refresh-token': body.refreshToken } });
      expect(await refreshed.json()).toMatchObject({ success: true, refreshToken: expect.any(String) });
      expect(refreshed.headers.getSetCookie()).toEqual([]);
      const missing = await t.request(REFRESH_PATH);
      expect(missing.status).toBe(400);
      expect((await missing.json()).error.fields).toEqual({ 'x-refresh-token': 'token_required' });
    });
  });

  describe('served over plain http (development)', () => {
    it('names the cookie without the prefix and without Secure, which browsers refuse on http', async () => {
      t = await createTestApp(dialect, { APP_URL: 'http://localhost:3000' });
      const { res } = await appLogin(false);
      expect(cookieOf(res, '__Host-recruiter_refresh')).toBeNull();
      const cookie = cookieOf(res, 'recruiter_refresh');
      expect(cookie?.attributes).toMatchObject({ path: '/', httponly: '', samesite: 'Strict' });
      expect(cookie?.attributes).not.toHaveProperty('secure');
      expect((await refreshWith(`recruiter_refresh=${cookie?.value}`)).status).toBe(200);
    });
  });
});
