import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { AUTH_COOKIE_NAME } from '#src/shared/constants.ts';
import type {
  CallProofItem,
  ReferralDetail,
  ReferralSummary,
  TalentDetail,
  TalentSummary,
} from '#src/shared/recruiter-types.ts';
import { E2E_BASE_URL, E2E_JWT_SECRET } from './e2e-env';
import { message, type ServerApi } from './helpers';

export { expectSaved, type ServerApi, savedQueryKeys, serverAs } from './helpers';

// What the offline-outbox scenarios share: the server seen through its API (with a token of its own,
// never the page's), the forms filled as a recruiter does, and the page's saved state read back.

export const en = (key: string) => message('en', key);

export type PickedFile = { name: string; mimeType: string; buffer: Buffer };
export type Card = { id: number; title: string; joined: boolean; status: string };

/** An open task the demo recruiter has joined; joins one from the board when there is none. */
export async function joinedOpenTask(api: ServerApi): Promise<Card> {
  const mine = await api.get<{ items: Card[] }>('/api/recruiter/recruiter/task?status=open&pageSize=50');
  const joined = mine.items.find((card) => card.status === 'OPEN') ?? mine.items[0];
  if (joined) return joined;
  const board = await api.get<{ items: Card[] }>('/api/recruiter/task?status=open&pageSize=50');
  const task = board.items.find((card) => !card.joined);
  expect(task, 'an open task to join').toBeDefined();
  await api.post(`/api/recruiter/task/${(task as Card).id}/join`);
  return task as Card;
}

/**
 * `count` of the demo seed's referrals (days old) of the demo recruiter, each of another talent, that
 * still take call proofs. Never one another spec made during the run: the newest come first in the list,
 * and a talent spec running beside this one may withdraw its consent (which takes the call-proof form
 * away) or a data-protection spec erase it; the seed's withdrawn, declined and erased ones are left too.
 */
export async function referralsOfDistinctTalents(api: ServerApi, count: number): Promise<ReferralSummary[]> {
  const seededBefore = Date.now() - 60 * 60_000;
  const picked: ReferralSummary[] = [];
  for (let pageNumber = 1; picked.length < count && pageNumber <= 10; pageNumber++) {
    const page = await api.get<{ items: ReferralSummary[] }>(
      `/api/recruiter/talent-task?pageSize=50&page=${pageNumber}`,
    );
    for (const referral of page.items) {
      if (Date.parse(referral.createdAt) > seededBefore) continue;
      if (referral.consentStatus === 'DECLINED' || referral.hiringStatus === 'WITHDRAWN') continue;
      if (referral.itaStatus === 'DECLINED') continue; // Amirul's, whom admin-data-protection.spec erases
      if (picked.some((other) => other.talentId === referral.talentId)) continue;
      picked.push(referral);
      if (picked.length === count) break;
    }
    if (page.items.length < 50) break;
  }
  expect(picked.length, `${count} demo referrals of different talents`).toBe(count);
  return picked;
}

/** The server's talents whose e-mail contains `tag`. */
export async function talentsTagged(api: ServerApi, tag: string): Promise<TalentSummary[]> {
  const page = await api.get<{ items: TalentSummary[] }>(
    `/api/recruiter/talent?search=${encodeURIComponent(tag)}&pageSize=50`,
  );
  return page.items.filter((talent) => talent.email.includes(tag));
}

export const talentDetail = (api: ServerApi, id: number) => api.get<TalentDetail>(`/api/recruiter/talent/${id}`);

/** The referral's call proofs whose file name contains `tag`. */
export async function callProofsTagged(api: ServerApi, referralId: number, tag: string): Promise<CallProofItem[]> {
  const referral = await api.get<ReferralDetail>(`/api/recruiter/talent-task/${referralId}`);
  return referral.callProofList.filter((proof) => proof.file.name.includes(tag));
}

/** The stored file's bytes, as the server hands them out. */
export const storedBytes = (api: ServerApi, fileId: number) => api.bytes(`/api/files/${fileId}?disposition=attachment`);

/** A Malaysian mobile number no other run uses (the server refuses a phone already referred to a task). */
export function uniquePhone(run: number, index: number): string {
  const digits = String(run * 10 + index).slice(-7);
  return `012-${digits.slice(0, 3)} ${digits.slice(3)}`;
}

export type TalentInput = { fullName: string; email: string; phone: string; file: PickedFile };

/** Fills the drop-resume form (already open) and sends it, as a recruiter does. */
export async function dropResume(page: Page, talent: TalentInput) {
  await page.locator('#drop-file').setInputFiles(talent.file);
  await expect(page.getByTestId('resume-selected')).toContainText(talent.file.name);
  await page.locator('#drop-full-name').fill(talent.fullName);
  await page.locator('#drop-email').fill(talent.email);
  await page.locator('#drop-phone').fill(talent.phone);
  await page.locator('input[name="languages"][value="ms"]').check();
  await page.locator('#drop-education').selectOption('Degree');
  await page.locator('#drop-country').fill('Malaysia');
  await page.locator('#drop-location').fill('Kuala Lumpur');
  await page.getByRole('button', { name: en('add_talent_drop_submit') }).click();
}

/** The call-proof form of the referral's open panel on a talent profile. */
export function callProofFile(page: Page, referralId: number) {
  return page.locator(`input[type="file"][id^="call-proof-${referralId}-"][id$="-file"]`);
}

/** Picks the file, writes a note and uploads the call proof (the profile shows the referral open). */
export async function addCallProof(page: Page, referralId: number, file: PickedFile, note: string) {
  await callProofFile(page, referralId).setInputFiles(file);
  await expect(page.getByTestId('call-proof-selected')).toContainText(file.name);
  await page.locator(`textarea[id^="call-proof-${referralId}-"][id$="-note"]`).fill(note);
  await page.getByRole('button', { name: en('call_proof_ui_submit') }).click();
}

/** The states of the outbox entries on this device, read from IndexedDB (any user's). */
export async function outboxStates(page: Page): Promise<string[]> {
  return (await outboxEntries(page)).map((entry) => entry.state);
}

export type StoredEntry = { state: string; attempts: number; nextAttemptAt: number; error?: { code: string } };

/** The outbox entries on this device as stored (any user's): what a failed wait prints. */
export function outboxEntries(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEntry[]>((resolve) => {
        const open = indexedDB.open('recruiter-outbox');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('entries', 'readonly').objectStore('entries').getAll();
          all.onerror = () => resolve([]);
          all.onsuccess = () => {
            db.close();
            resolve(all.result as StoredEntry[]);
          };
        };
      }),
  );
}

type CookieTokens = { a: string; r: string; m: boolean };

/** The auth cookie's tokens, as the browser holds them. */
export async function cookieTokens(context: BrowserContext): Promise<CookieTokens> {
  const cookie = (await context.cookies(E2E_BASE_URL)).find((item) => item.name === AUTH_COOKIE_NAME);
  expect(cookie, 'the auth cookie').toBeDefined();
  return JSON.parse(decodeURIComponent(cookie?.value ?? '')) as CookieTokens;
}

/**
 * An access token for the same user and session, signed with the server's own secret, that expired
 * `agoSeconds` ago (or, with a negative value, that is still good for that long).
 */
export async function accessTokenExpiring(accessToken: string, agoSeconds: number): Promise<string> {
  const claims = decodeJwt(accessToken);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid, roles: claims.roles })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuedAt(now - 15 * 60 - agoSeconds)
    .setExpirationTime(now - agoSeconds)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

/**
 * Replaces the access token in the auth cookie with one that expired an hour ago: what a phone holds
 * after a night in the pocket. The refresh token stays, so the app can get a new one. Checks first
 * that the server refuses the expired token and takes the same claims unexpired, so the 401 the app
 * meets is the expiry, not a wrong signature.
 */
export async function expireAccessToken(context: BrowserContext, request: APIRequestContext): Promise<string> {
  const tokens = await cookieTokens(context);
  const expired = await accessTokenExpiring(tokens.a, 3600);
  const stillGood = await accessTokenExpiring(tokens.a, -600);
  const probe = (token: string) =>
    request.get('/api/recruiter/talent?pageSize=10', { headers: { Authorization: `Bearer ${token}` } });
  expect((await probe(stillGood)).status(), 'same claims, same secret, not expired').toBe(200);
  const refused = await probe(expired);
  expect(refused.status(), 'the expired access token').toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TOKEN_EXPIRED');

  const cookie = (await context.cookies(E2E_BASE_URL)).find((item) => item.name === AUTH_COOKIE_NAME);
  const value = encodeURIComponent(JSON.stringify({ ...tokens, a: expired }));
  await context.addCookies([{ ...(cookie as NonNullable<typeof cookie>), value }]);
  expect((await cookieTokens(context)).a).toBe(expired);
  return expired;
}

export type Send = { from: 'page' | 'worker'; method: string; path: string; status: number };

/**
 * Records every outbox send and token refresh that gets an answer, and who made it: the page's replay
 * or the service worker's Background Sync (Chromium reports a worker's own requests on the context).
 */
export function recordSends(context: BrowserContext): Send[] {
  const sends: Send[] = [];
  context.on('response', (response) => {
    const path = new URL(response.url()).pathname.replace('/api/recruiter/', '');
    if (!/^(talent\/drop_resume|talent-task\/call-proof|auth\/refresh-token)$/.test(path)) return;
    const from = response.request().serviceWorker() ? 'worker' : 'page';
    sends.push({ from, method: response.request().method(), path, status: response.status() });
  });
  return sends;
}

export const describeSends = (sends: Send[]) =>
  sends.map((send) => `${send.from} ${send.method} ${send.path} ${send.status}`).join('; ') || 'none';

/** Removes Background Sync before any script of the app runs, as on iOS Safari and Firefox. */
export async function withoutBackgroundSync(context: BrowserContext) {
  await context.addInitScript(() => {
    const scope = globalThis as unknown as Record<string, unknown>;
    if (typeof ServiceWorkerRegistration !== 'undefined') {
      delete (ServiceWorkerRegistration.prototype as unknown as Record<string, unknown>).sync;
    }
    delete scope.SyncManager;
  });
}
