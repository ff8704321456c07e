import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REMEMBER_ME_IDLE_TTL_SECONDS, SESSION_IDLE_TTL_SECONDS } from '#src/shared/constants.ts';
import { bearer, createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from './helpers/test-app';

// Issue 22 finding 14: the idle timeout, "Your sessions" on the account page, and the admin's "end sessions".

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

const ENDED = { code: 'SESSION_EXPIRED', message: 'Your session has ended. Please log in again.' };
const HOUR = 60 * 60 * 1000;

type Tokens = { accessToken: string; refreshToken: string };
type SessionItem = {
  id: number;
  browser: string | null;
  os: string | null;
  deviceType: string | null;
  network: string | null;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
};

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function signIn(email: string, options: { userAgent?: string; ip?: string; rememberMe?: boolean } = {}) {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      json: { email, password: TEST_PASSWORD, rememberMe: options.rememberMe ?? false },
      headers: { 'user-agent': options.userAgent ?? ANDROID_CHROME, 'x-forwarded-for': options.ip ?? '60.54.12.34' },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Tokens;
  }
  const refresh = (token: string) =>
    t.request('/api/recruiter/auth/refresh-token', { headers: { 'x-refresh-token': token } });
  const account = (token: string) => t.request('/api/account', { headers: bearer(token) });
  const listSessions = async (token: string) => {
    const res = await t.request('/api/account/sessions', { headers: bearer(token) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: SessionItem[] }).data;
  };
  const endSession = (token: string, id: number) =>
    t.request(`/api/account/sessions/${id}`, { method: 'DELETE', headers: bearer(token) });
  const signOutOthers = (token: string) =>
    t.request('/api/account/sessions/sign-out-others', { method: 'POST', headers: bearer(token) });
  const adminEnd = (token: string, id: number) =>
    t.request(`/api/admin/recruiters/${id}/sessions/end`, { method: 'POST', headers: bearer(token) });
  const sessionRows = (userId: number) =>
    t.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const expectEnded = async (res: Response) => {
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatchObject(ENDED);
  };

  describe('the idle timeout', () => {
    it('refuses a refresh after a day unused, ends the session for good, and says why', async () => {
      const user = await t.createUser();
      const tokens = await signIn(user.email);
      t.clock.advance(SESSION_IDLE_TTL_SECONDS * 1000 + 1000);
      await expectEnded(await refresh(tokens.refreshToken));
      const [row] = await sessionRows(user.id);
      expect(row).toMatchObject({ revoked_reason: 'IDLE' });
      expect(row?.revoked_at).not.toBeNull();
      // Ended, not merely late: revoked, so it stays refused.
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
    });

    it('keeps a session in use alive: each refresh moves last_used_at', async () => {
      const user = await t.createUser();
      let tokens = await signIn(user.email);
      for (let day = 0; day < 3; day += 1) {
        t.clock.advance(23 * HOUR);
        const res = await refresh(tokens.refreshToken);
        expect(res.status).toBe(200);
        tokens = (await res.json()) as Tokens;
      }
      const [row] = await sessionRows(user.id);
      expect(row?.last_used_at).toBe(t.clock.now().toISOString());
      expect((await account(tokens.accessToken)).status).toBe(200);
    });

    it('gives a remember-me session a week between uses, not a day', async () => {
      const user = await t.createUser();
      const tokens = await signIn(user.email, { rememberMe: true });
      t.clock.advance(3 * 24 * HOUR);
      const res = await refresh(tokens.refreshToken);
      expect(res.status).toBe(200);
      const next = (await res.json()) as Tokens;
      t.clock.advance(REMEMBER_ME_IDLE_TTL_SECONDS * 1000 + 1000);
      await expectEnded(await refresh(next.refreshToken));
      expect((await sessionRows(user.id))[0]).toMatchObject({ revoked_reason: 'IDLE' });
    });

    it('refuses a call whose session went idle, even with an access token still valid', async () => {
      const user = await t.createUser();
      const tokens = await signIn(user.email);
      expect((await account(tokens.accessToken)).status).toBe(200);
      // A session whose refresh was skipped (the only way a live access token meets an idle session).
      const longAgo = new Date(t.clock.now().getTime() - SESSION_IDLE_TTL_SECONDS * 1000 - 1000).toISOString();
      await t.db.updateTable('sessions').set({ last_used_at: longAgo }).where('user_id', '=', user.id).execute();
      await expectEnded(await account(tokens.accessToken));
      expect((await sessionRows(user.id))[0]).toMatchObject({ revoked_reason: 'IDLE' });
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
    });
  });

  describe('GET /api/account/sessions', () => {
    it('lists only my live sessions, this one marked, with a device label and no full IP address', async () => {
      const me = await t.createUser();
      const someoneElse = await t.createUser();
      const phone = await signIn(me.email, { userAgent: ANDROID_CHROME, ip: '60.54.12.34' });
      t.clock.advance(60_000);
      const iphone = await signIn(me.email, { userAgent: IPHONE_SAFARI, ip: '2001:db8:85a3::8a2e:370:7334' });
      t.clock.advance(60_000);
      const loggedOut = await signIn(me.email, { userAgent: WINDOWS_EDGE });
      await t.request('/api/auth/logout', { method: 'POST', headers: bearer(loggedOut.accessToken) });
      const idle = await signIn(me.email, { userAgent: WINDOWS_EDGE });
      await signIn(someoneElse.email, { userAgent: WINDOWS_EDGE });
      const rows = await sessionRows(me.id);
      const idleId = rows[rows.length - 1]?.id as number;
      await t.db
        .updateTable('sessions')
        .set({ last_used_at: '2026-11-01T00:00:00.000Z' })
        .where('id', '=', idleId)
        .execute();
      expect(idle.accessToken).toBeTruthy();

      const res = await t.request('/api/account/sessions', { headers: bearer(iphone.accessToken) });
      const text = await res.text();
      expect(text).not.toContain('60.54.12.34');
      expect(text).not.toContain('8a2e');
      const items = (JSON.parse(text) as { data: SessionItem[] }).data;
      expect(items).toEqual([
        {
          id: rows[1]?.id,
          browser: 'Safari',
          os: 'iOS',
          deviceType: 'mobile',
          network: '2001:db8:*',
          signedInAt: rows[1]?.created_at,
          // Active now: it is the device asking.
          lastActiveAt: t.clock.now().toISOString(),
          current: true,
        },
        {
          id: rows[0]?.id,
          browser: 'Chrome',
          os: 'Android',
          deviceType: 'mobile',
          network: '60.54.*.*',
          signedInAt: rows[0]?.created_at,
          lastActiveAt: rows[0]?.last_used_at,
          current: false,
        },
      ]);
      // The asking device is the one active now: first.
      expect((await listSessions(phone.accessToken)).map((item) => item.current)).toEqual([true, false]);
    });

    // Issue 42.20: last_used_at moved only on a token refresh, so a device in use since it signed in read
    // its sign-in time as "last active".
    it('shows when another device was last active, to five minutes, not when it signed in', async () => {
      const me = await t.createUser();
      const phone = await signIn(me.email, { userAgent: ANDROID_CHROME });
      const signedInAt = t.clock.now().toISOString();
      const laptop = await signIn(me.email, { userAgent: WINDOWS_EDGE });
      t.clock.advance(10 * 60_000);
      expect((await account(phone.accessToken)).status).toBe(200);
      const usedAt = t.clock.now().toISOString();
      t.clock.advance(2 * 60_000);
      // Within five minutes of the last write, a call writes nothing.
      expect((await account(phone.accessToken)).status).toBe(200);
      const phoneSession = (await listSessions(laptop.accessToken)).find((item) => !item.current);
      expect(phoneSession).toMatchObject({ signedInAt, lastActiveAt: usedAt });
    });

    it('answers an anonymous caller with 401', async () => {
      expect((await t.request('/api/account/sessions')).status).toBe(401);
    });
  });

  describe('DELETE /api/account/sessions/{id}', () => {
    it('ends one of my sessions: its tokens stop working and the list drops it', async () => {
      const me = await t.createUser();
      const here = await signIn(me.email);
      const there = await signIn(me.email, { userAgent: WINDOWS_EDGE });
      const other = (await listSessions(here.accessToken)).find((item) => !item.current) as SessionItem;
      const res = await endSession(here.accessToken, other.id);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, data: { endedSessions: 1 } });
      await expectEnded(await account(there.accessToken));
      expect((await refresh(there.refreshToken)).status).toBe(401);
      expect((await listSessions(here.accessToken)).map((item) => item.id)).not.toContain(other.id);
      expect((await account(here.accessToken)).status).toBe(200);
      // Already ended: nothing left to end.
      expect((await endSession(here.accessToken, other.id)).status).toBe(404);
    });

    it("answers 404 for another user's session and leaves it working", async () => {
      const me = await t.createUser();
      const someoneElse = await t.createUser();
      const mine = await signIn(me.email);
      const theirs = await signIn(someoneElse.email);
      const [theirSession] = await sessionRows(someoneElse.id);
      const res = await endSession(mine.accessToken, theirSession?.id as number);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
      expect((await account(theirs.accessToken)).status).toBe(200);
      expect((await sessionRows(someoneElse.id))[0]?.revoked_at).toBeNull();
      expect((await endSession(mine.accessToken, 999_999)).status).toBe(404);
    });
  });

  describe('POST /api/account/sessions/sign-out-others', () => {
    it('ends every other session, says how many, and keeps this one working', async () => {
      const me = await t.createUser();
      const here = await signIn(me.email);
      const others = [await signIn(me.email, { userAgent: IPHONE_SAFARI }), await signIn(me.email)];
      const res = await signOutOthers(here.accessToken);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, data: { endedSessions: 2 } });
      for (const tokens of others) {
        await expectEnded(await account(tokens.accessToken));
        expect((await refresh(tokens.refreshToken)).status).toBe(401);
      }
      expect((await account(here.accessToken)).status).toBe(200);
      const refreshed = await refresh(here.refreshToken);
      expect(refreshed.status).toBe(200);
      const items = await listSessions(((await refreshed.json()) as Tokens).accessToken);
      expect(items).toHaveLength(1);
      expect(items[0]?.current).toBe(true);
      expect((await sessionRows(me.id)).map((row) => row.revoked_reason)).toEqual([
        null,
        'SIGNED_OUT_ELSEWHERE',
        'SIGNED_OUT_ELSEWHERE',
      ]);
      // Nothing else to end: the count says so.
      expect(await (await signOutOthers(here.accessToken)).json()).toEqual({
        success: true,
        data: { endedSessions: 0 },
      });
    });
  });

  describe('POST /api/admin/recruiters/{id}/sessions/end', () => {
    it('ends every session of the recruiter, who must log in again; the account stays active', async () => {
      const admin = await t.createUser({ roles: ['ROLE_ADMIN'] });
      const recruiter = await t.createUser();
      const adminTokens = await signIn(admin.email);
      const phone = await signIn(recruiter.email);
      const laptop = await signIn(recruiter.email, { userAgent: WINDOWS_EDGE, rememberMe: true });
      const res = await adminEnd(adminTokens.accessToken, recruiter.id);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, data: { endedSessions: 2 } });
      for (const tokens of [phone, laptop]) {
        await expectEnded(await t.request('/api/recruiter/task', { headers: bearer(tokens.accessToken) }));
        expect((await refresh(tokens.refreshToken)).status).toBe(401);
      }
      expect((await sessionRows(recruiter.id)).map((row) => row.revoked_reason)).toEqual([
        'ADMIN_ENDED',
        'ADMIN_ENDED',
      ]);
      const again = await signIn(recruiter.email);
      expect((await account(again.accessToken)).status).toBe(200);
      expect((await account(adminTokens.accessToken)).status).toBe(200);
    });

    it('refuses a recruiter with 403 and answers 404 for an unknown id', async () => {
      const admin = await t.createUser({ roles: ['ROLE_ADMIN'] });
      const recruiter = await t.createUser();
      const victim = await t.createUser();
      const recruiterTokens = await signIn(recruiter.email);
      const victimTokens = await signIn(victim.email);
      const refused = await adminEnd(recruiterTokens.accessToken, victim.id);
      expect(refused.status).toBe(403);
      expect((await account(victimTokens.accessToken)).status).toBe(200);
      const adminTokens = await signIn(admin.email);
      expect((await adminEnd(adminTokens.accessToken, 999_999)).status).toBe(404);
      expect((await t.request(`/api/admin/recruiters/${victim.id}/sessions/end`, { method: 'POST' })).status).toBe(401);
    });
  });
});
