import type { AppDeps } from '#src/server/context.ts';
import type { NewReferral, NewTalent } from '#src/server/db/database.ts';
import { sendTalentLink } from '#src/server/modules/referrals/talent-link-mail.ts';
import { insertReferral, insertTalent, insertTask, type RowTarget } from './rows';
import type { TestApp } from './test-app';

// Referrals as referral creation leaves them, for the suites that test what happens to a referral
// after it exists (call proofs, consent and ITA links, detail), and the mail and sessions around them.

/**
 * A referral of a new talent to a (new) task, made as referral creation makes it: a note and rating,
 * the history's first entry, and the first consent link sent. Answers the ids and that link's token.
 */
export async function createReferral(
  t: RowTarget & { deps: Pick<AppDeps, 'env'> },
  recruiterId: number,
  values: { taskId?: number; talent?: Partial<NewTalent>; referral?: Partial<NewReferral> } = {},
) {
  const taskId = values.taskId ?? (await insertTask(t));
  const talent = await insertTalent(t, recruiterId, values.talent);
  const now = t.clock.now();
  const referralId = await t.db.transaction().execute(async (trx) => {
    const id = await insertReferral({ db: trx, clock: t.clock }, talent, taskId, {
      recruiter_note: 'Strong Node.js background.',
      rating: 10,
      ...values.referral,
    });
    await trx
      .insertInto('referral_history')
      .values({
        referral_id: id,
        actor_id: recruiterId,
        action: 'REFERRED',
        from_value: null,
        to_value: null,
        note: null,
        created_at: now.toISOString(),
      })
      .execute();
    await sendTalentLink(trx, t.deps, { referralId: id, kind: 'CONSENT', actorId: recruiterId, resend: false, now });
    return id;
  });
  return { id: referralId, taskId, talentId: talent.id, talentEmail: talent.email, consentToken: await lastToken(t) };
}

/** The newest queued e-mail of a template. */
export async function lastEmail(t: Pick<TestApp, 'db'>, template: string) {
  const row = await t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('template', '=', template)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { ...row, payload: JSON.parse(row.payload) as Record<string, string> };
}

/** The token of the newest consent or ITA link e-mailed to a talent. */
export async function lastToken(
  t: Pick<TestApp, 'db'>,
  template: 'consent_request' | 'ita_request' = 'consent_request',
) {
  const mail = await lastEmail(t, template);
  const token = new URL(mail.payload.link as string).searchParams.get('token');
  if (!token) throw new Error(`no token in ${mail.payload.link}`);
  return token;
}

/** A logged-in recruiter (or any role) with their bearer headers. */
export async function signIn(
  t: TestApp,
  values: { roles?: string[]; locale?: string; email?: string } = {},
): Promise<{ id: number; email: string; headers: { authorization: string } }> {
  const user = await t.createUser(values);
  const { accessToken } = await t.login(user.email);
  return { ...user, headers: { authorization: `Bearer ${accessToken}` } };
}

/** Access tokens last 15 minutes: after moving the clock further, log in again (updates `user.headers`). */
export async function refreshLogin(t: TestApp, user: { email: string; headers: { authorization: string } }) {
  const { accessToken } = await t.login(user.email);
  user.headers.authorization = `Bearer ${accessToken}`;
}
