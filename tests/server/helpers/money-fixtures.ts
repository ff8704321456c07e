import { expect } from 'vitest';
import type { NewReferral } from '#src/server/db/database.ts';
import { referNewTalent } from './rows';
import { bearer, type TestApp } from './test-app';

// The admin side of the money trail (rewards.test.ts, payments.test.ts): who calls, and referrals ready
// for a reward decision.

export type Caller = { id: number; email: string; token: string };

export async function caller(
  t: TestApp,
  values: { roles?: string[]; locale?: string; email?: string } = {},
): Promise<Caller> {
  const user = await t.createUser(values);
  return { ...user, token: (await t.login(user.email)).accessToken };
}

export const adminCaller = (t: TestApp, email = 'admin@example.com') => caller(t, { roles: ['ROLE_ADMIN'], email });

/** A call as `who` (null: anonymous); JSON in, the parsed answer out with the status. */
export async function call(t: TestApp, who: Caller | null, method: string, path: string, json?: unknown) {
  const res = await t.request(path, { method, json, headers: who ? bearer(who.token) : {} });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, headers: res.headers, text, body: type.includes('json') ? JSON.parse(text) : null };
}

/** The call's data, after checking it answered `status`. */
export async function ok<T = unknown>(
  answer: Promise<{ status: number; body: { data?: unknown } | null; text: string }>,
  status = 200,
) {
  const res = await answer;
  expect(res.status, res.text).toBe(status);
  return (res.body as { data: T }).data;
}

/** A referral of a new talent of the recruiter's, whose talent has confirmed consent (approvable). */
export const consentedReferral = (t: TestApp, recruiterId: number, taskId: number, values: Partial<NewReferral> = {}) =>
  referNewTalent(t, recruiterId, taskId, { consent_status: 'CONFIRMED', ...values });

export const referralRow = (t: TestApp, id: number) =>
  t.db.selectFrom('referrals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const historyOf = (t: TestApp, referralId: number) =>
  t.db.selectFrom('referral_history').selectAll().where('referral_id', '=', referralId).orderBy('id').execute();

export async function emailsOf(t: TestApp, template: string) {
  const rows = await t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('template', '=', template)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as Record<string, unknown> }));
}
