import type { Insertable } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Database, NewReferral, NewTalent, NewTask } from '#src/server/db/database.ts';

// The one way server and client tests write tasks, promos, talents, referrals and task memberships
// straight into the database: plain rows with ordinary values, each column overridable by name.

/** Where the rows go and the clock that dates them: a TestApp, or a client test's in-process API. */
export type RowTarget = { db: DB; clock: { now: () => Date } };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Counted per database, so every test's fresh database starts at task T-000001.
const counts = new WeakMap<DB, { tasks: number; talents: number }>();
function next(db: DB, kind: 'tasks' | 'talents') {
  const count = counts.get(db) ?? { tasks: 0, talents: 0 };
  count[kind] += 1;
  counts.set(db, count);
  return count[kind];
}

const iso = (t: RowTarget, offsetMs = 0) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

/**
 * An open task without a deadline. The nth task of a database has the code T-00000n and was created
 * n minutes after a day ago: each task is newer than the one before, all in the past.
 */
export async function insertTask(t: RowTarget, values: Partial<NewTask> = {}): Promise<number> {
  const n = next(t.db, 'tasks');
  const createdAt = iso(t, -DAY + n * MINUTE);
  const row = await t.db
    .insertInto('tasks')
    .values({
      code: `T-${String(n).padStart(6, '0')}`,
      title: `Task ${n}`,
      company: 'Acme Sdn Bhd',
      description: 'Hire people.',
      job_type: 'ft',
      is_critical: 0,
      location: 'Kuala Lumpur',
      country: 'MY',
      salary_min: 300_000,
      salary_max: 500_000,
      salary_currency: 'MYR',
      reward_amount: 10_000,
      reward_currency: 'MYR',
      quota: 5,
      status: 'OPEN',
      expires_at: null,
      required_skills: '[]',
      required_languages: '[]',
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A promo over the given tasks, running from a day ago for a week. */
export async function insertPromo(
  t: RowTarget,
  taskIds: number[],
  values: Partial<Insertable<Database['promos']>> = {},
): Promise<number> {
  const row = await t.db
    .insertInto('promos')
    .values({
      title: 'Year-end push',
      description: 'Extra for every rewarded referral.',
      starts_at: iso(t, -DAY),
      ends_at: iso(t, 7 * DAY),
      bonus_amount: 5_000,
      bonus_currency: 'MYR',
      created_by: null,
      created_at: iso(t),
      updated_at: iso(t),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const taskId of taskIds) {
    await t.db
      .insertInto('promo_tasks')
      .values({ promo_id: row.id, task_id: taskId, created_at: iso(t) })
      .execute();
  }
  return row.id;
}

/** A talent in a recruiter's folder, with a Malaysian mobile number (`phone_e164` sets both phone columns). */
export async function insertTalent(t: RowTarget, recruiterId: number, values: Partial<NewTalent> = {}) {
  const n = next(t.db, 'talents');
  const email = values.email ?? `talent${n}@example.com`;
  const phone = values.phone_e164 ?? `+6012${String(3_000_000 + n)}`;
  return t.db
    .insertInto('talents')
    .values({
      recruiter_id: recruiterId,
      full_name: `Talent ${n}`,
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
      draft_note: null,
      created_at: iso(t),
      updated_at: iso(t),
      ...values,
    })
    .returning(['id', 'recruiter_id', 'email', 'phone_e164'])
    .executeTakeFirstOrThrow();
}

export type TalentRow = Awaited<ReturnType<typeof insertTalent>>;

/**
 * The talent's recruiter's referral of the talent to a task, just submitted. A referral with a
 * reward state had the talent's consent; a consent answer is dated now.
 */
export async function insertReferral(
  t: RowTarget,
  talent: TalentRow,
  taskId: number,
  values: Partial<NewReferral> = {},
): Promise<number> {
  const consent = values.consent_status ?? (values.reward_status ? 'CONFIRMED' : 'PENDING');
  const row = await t.db
    .insertInto('referrals')
    .values({
      talent_id: talent.id,
      task_id: taskId,
      recruiter_id: talent.recruiter_id,
      person_email: talent.email.toLowerCase(),
      person_phone: talent.phone_e164,
      recruiter_note: null,
      rating: null,
      consent_status: consent,
      consent_decided_at: consent === 'PENDING' ? null : iso(t),
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
      created_at: iso(t),
      updated_at: iso(t),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new talent of the recruiter's, referred to the task. */
export async function referNewTalent(t: RowTarget, recruiterId: number, taskId: number, values?: Partial<NewReferral>) {
  return insertReferral(t, await insertTalent(t, recruiterId), taskId, values);
}

/** The recruiter is in the task: joined it, or was assigned to it by `assignedBy`. */
export async function insertMember(
  t: RowTarget,
  recruiterId: number,
  taskId: number,
  assignedBy: number | null = null,
) {
  await t.db
    .insertInto('recruiter_tasks')
    .values({ recruiter_id: recruiterId, task_id: taskId, assigned_by: assignedBy, created_at: iso(t) })
    .execute();
}
