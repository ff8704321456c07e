import { sendTalentLink } from '../../../src/server/modules/referrals/talent-link-mail';
import type { TestApp } from './test-app';

// Recruiters, tasks, talents and referrals written straight into the database, for the suites that
// test what happens to a referral after it exists (call proofs, consent and ITA links, detail).
let sequence = 0;

export async function createTask(t: TestApp, values: { title?: string; company?: string; location?: string } = {}) {
  sequence += 1;
  const at = t.clock.now().toISOString();
  const row = await t.db
    .insertInto('tasks')
    .values({
      code: `T-${String(100000 + sequence)}`,
      title: values.title ?? `Backend Engineer ${sequence}`,
      company: values.company ?? 'Kopi Digital Sdn Bhd',
      description: 'Build and run our APIs.',
      job_type: 'ft',
      is_critical: 0,
      location: values.location ?? 'Kuala Lumpur',
      country: 'Malaysia',
      salary_min: 600000,
      salary_max: 900000,
      salary_currency: 'MYR',
      reward_amount: 50000,
      reward_currency: 'MYR',
      quota: 5,
      status: 'OPEN',
      expires_at: null,
      required_skills: '[]',
      required_languages: '[]',
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createTalent(
  t: TestApp,
  recruiterId: number,
  values: { fullName?: string; email?: string; phone?: string; contactLocale?: string } = {},
) {
  sequence += 1;
  const at = t.clock.now().toISOString();
  const email = values.email ?? `talent${sequence}@example.com`;
  const phone = values.phone ?? `+6012${String(3000000 + sequence)}`;
  const row = await t.db
    .insertInto('talents')
    .values({
      recruiter_id: recruiterId,
      full_name: values.fullName ?? `Talent ${sequence}`,
      email,
      email_normalized: email.toLowerCase(),
      phone: phone.slice(3),
      country_code: '+60',
      phone_e164: phone,
      languages: '["en"]',
      education_level: 'Degree',
      country: 'Malaysia',
      location: 'Petaling Jaya',
      expected_salary: null,
      expected_salary_currency: 'MYR',
      resume_file_id: null,
      resume_text: null,
      parse_status: 'SKIPPED',
      has_work_experience: 1,
      years_of_experience: 4,
      current_position: null,
      skills: '[]',
      summary: null,
      contact_locale: values.contactLocale ?? 'en',
      draft_note: null,
      created_at: at,
      updated_at: at,
    })
    .returning(['id', 'email', 'phone_e164'])
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * A referral of a new talent to a (new) task, made as referral creation makes it: the first consent link
 * is sent. Answers the ids and that link's token.
 */
export async function createReferral(
  t: TestApp,
  recruiterId: number,
  values: { taskId?: number; talentName?: string; talentEmail?: string; contactLocale?: string } = {},
) {
  const taskId = values.taskId ?? (await createTask(t));
  const talent = await createTalent(t, recruiterId, {
    fullName: values.talentName,
    email: values.talentEmail,
    contactLocale: values.contactLocale,
  });
  const at = t.clock.now().toISOString();
  const referral = await t.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('referrals')
      .values({
        talent_id: talent.id,
        task_id: taskId,
        recruiter_id: recruiterId,
        person_email: talent.email.toLowerCase(),
        person_phone: talent.phone_e164,
        recruiter_note: 'Strong Node.js background.',
        rating: 10,
        consent_status: 'PENDING',
        consent_decided_at: null,
        ita_status: 'NOT_SENT',
        ita_decided_at: null,
        hiring_status: 'SUBMITTED',
        reward_status: null,
        reward_amount: null,
        reward_currency: null,
        reward_reason: null,
        reward_decided_by: null,
        reward_decided_at: null,
        promo_id: null,
        payment_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('referral_history')
      .values({
        referral_id: row.id,
        actor_id: recruiterId,
        action: 'REFERRED',
        from_value: null,
        to_value: null,
        note: null,
        created_at: at,
      })
      .execute();
    await sendTalentLink(trx, t.deps, {
      referralId: row.id,
      kind: 'CONSENT',
      actorId: recruiterId,
      resend: false,
      now: t.clock.now(),
    });
    return row;
  });
  return { id: referral.id, taskId, talentId: talent.id, talentEmail: talent.email, consentToken: await lastToken(t) };
}

/** The newest queued e-mail of a template. */
export async function lastEmail(t: TestApp, template: string) {
  const row = await t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('template', '=', template)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { ...row, payload: JSON.parse(row.payload) as Record<string, string> };
}

/** The token of the newest consent or ITA link e-mailed to a talent. */
export async function lastToken(t: TestApp, template: 'consent_request' | 'ita_request' = 'consent_request') {
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
