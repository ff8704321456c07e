import type { DB } from '#src/server/db/connect.ts';
import type { Talent } from '#src/server/db/database.ts';
import { AppError, notFound } from '#src/server/errors.ts';

// The rules a new referral must pass (PRODUCT.md "Duplicates"), checked at the resume drop, before
// anything is stored, and again at profile completion, when the referral is made.

/** The task, if it takes referrals now: 404 when there is none, 409 when closed or expired. */
export async function loadReferableTask(db: DB, taskId: number, now: Date) {
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'code', 'title', 'status', 'expires_at'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task) throw notFound('Task');
  if (task.status !== 'OPEN') {
    throw new AppError('CONFLICT', 409, 'This task is closed and no longer takes referrals.');
  }
  if (task.expires_at !== null && task.expires_at <= now.toISOString()) {
    throw new AppError('CONFLICT', 409, 'This task has expired and no longer takes referrals.');
  }
  return task;
}

export type Person = { emailNormalized: string; phoneE164: string };

/**
 * 409 DUPLICATE_REFERRAL when anyone (any recruiter) has already referred this person to the task,
 * matched on the normalised e-mail or the E.164 phone. The message names what matched; it says "you"
 * when the earlier referral is the caller's own, and never who else made it.
 */
export async function assertNotReferred(
  db: DB,
  values: Person & { taskId: number; recruiterId: number; exceptReferralId?: number },
): Promise<void> {
  const rows = await db
    .selectFrom('referrals')
    .select(['recruiter_id', 'person_email', 'person_phone'])
    .where('task_id', '=', values.taskId)
    .where((eb) => eb.or([eb('person_email', '=', values.emailNormalized), eb('person_phone', '=', values.phoneE164)]))
    .$if(values.exceptReferralId !== undefined, (qb) => qb.where('id', '!=', values.exceptReferralId as number))
    .execute();
  if (rows.length === 0) return;
  const byEmail = rows.find((r) => r.person_email === values.emailNormalized);
  const byPhone = rows.find((r) => r.person_phone === values.phoneE164);
  const fields: Record<string, string> = {};
  if (byEmail) fields.email = 'duplicate_email';
  if (byPhone) fields.phone = 'duplicate_phone';
  const first = byEmail ?? byPhone;
  const mine = first?.recruiter_id === values.recruiterId;
  const what = byEmail ? `this e-mail (${values.emailNormalized})` : `this phone number (${values.phoneE164})`;
  const message = mine
    ? `You have already referred ${what} to this task.`
    : `${what.charAt(0).toUpperCase()}${what.slice(1)} has already been referred to this task.`;
  throw new AppError('DUPLICATE_REFERRAL', 409, message, fields);
}

/**
 * The recruiter's talent record for this person (same e-mail or same phone), or null. When the e-mail
 * belongs to one record and the phone to another, the answer is 409 naming both, for the recruiter to
 * sort out in the talents folder.
 */
export async function findSamePerson(db: DB, recruiterId: number, person: Person): Promise<Talent | null> {
  const rows = await db
    .selectFrom('talents')
    .selectAll()
    .where('recruiter_id', '=', recruiterId)
    .where((eb) =>
      eb.or([eb('email_normalized', '=', person.emailNormalized), eb('phone_e164', '=', person.phoneE164)]),
    )
    .orderBy('id')
    .execute();
  if (rows.length === 0) return null;
  const byEmail = rows.find((r) => r.email_normalized === person.emailNormalized);
  const byPhone = rows.find((r) => r.phone_e164 === person.phoneE164);
  if (byEmail && byPhone && byEmail.id !== byPhone.id) {
    throw new AppError(
      'CONFLICT',
      409,
      `This e-mail belongs to your talent ${byEmail.full_name} and this phone number to your talent ${byPhone.full_name}. Please correct one of them.`,
      { email: 'talent_email_taken', phone: 'talent_phone_taken' },
    );
  }
  return byEmail ?? byPhone ?? null;
}

/** 409 CONFLICT, with the field, when an edit would give a talent another of the recruiter's e-mails or phones. */
export async function assertNotAnotherTalent(
  db: DB,
  recruiterId: number,
  talentId: number,
  person: Person,
): Promise<void> {
  const others = await db
    .selectFrom('talents')
    .select(['full_name', 'email_normalized', 'phone_e164'])
    .where('recruiter_id', '=', recruiterId)
    .where('id', '!=', talentId)
    .where((eb) =>
      eb.or([eb('email_normalized', '=', person.emailNormalized), eb('phone_e164', '=', person.phoneE164)]),
    )
    .execute();
  const byEmail = others.find((t) => t.email_normalized === person.emailNormalized);
  const byPhone = others.find((t) => t.phone_e164 === person.phoneE164);
  if (!byEmail && !byPhone) return;
  const fields: Record<string, string> = {};
  if (byEmail) fields.email = 'talent_email_taken';
  if (byPhone) fields.phone = 'talent_phone_taken';
  const message = byEmail
    ? `Your talent ${byEmail.full_name} already has this e-mail (${person.emailNormalized}).`
    : `Your talent ${byPhone?.full_name} already has this phone number (${person.phoneE164}).`;
  throw new AppError('CONFLICT', 409, message, fields);
}

/** Joins the task for the recruiter (a referral puts the task in Manage Task); joining twice is a no-op. */
export async function autoJoinTask(db: DB, recruiterId: number, taskId: number, now: Date): Promise<void> {
  await db
    .insertInto('recruiter_tasks')
    .values({ recruiter_id: recruiterId, task_id: taskId, assigned_by: null, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['recruiter_id', 'task_id']).doNothing())
    .execute();
}

/** The running promo that lists the task with the largest bonus, or null (PRODUCT.md "Reward amount"). */
export async function runningPromoId(db: DB, taskId: number, now: Date): Promise<number | null> {
  const at = now.toISOString();
  const row = await db
    .selectFrom('promos')
    .innerJoin('promo_tasks', 'promo_tasks.promo_id', 'promos.id')
    .select('promos.id')
    .where('promo_tasks.task_id', '=', taskId)
    .where('promos.starts_at', '<=', at)
    .where('promos.ends_at', '>', at)
    .orderBy('promos.bonus_amount', 'desc')
    .orderBy('promos.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A unique index refused the row (a race the checks above could not see). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
