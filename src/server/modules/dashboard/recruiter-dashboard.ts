import type { ExpressionBuilder } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { taskDeadline } from '#src/server/modules/admin-tasks/admin-task.repository.ts';
import { CONSENT_TOKEN_TTL_SECONDS } from '#src/shared/constants.ts';
import type {
  ClosingTaskItem,
  ConsentWaitingItem,
  RecruiterDashboard,
  RecruiterMonth,
  RejectedCallProofItem,
} from '#src/shared/dashboard-types.ts';
import { type CalendarMonth, lastMonths } from './calendar-months';
import { moneySeries, userZone } from './month-series';
import { activitySeries, rewardsPerMonth } from './referral-series';

// `GET /api/recruiter/dashboard`: what the signed-in recruiter should do next, and their numbers per
// month. Every query starts from the recruiter's own rows (referrals.recruiter_id, recruiter_tasks).

const TODO_ITEMS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
export const CLOSING_SOON_DAYS = 7;
export const DASHBOARD_MONTHS = 6;

/** Hiring outcomes after which nobody chases the talent's consent any more. */
const HIRING_CLOSED = ['REJECTED', 'WITHDRAWN'] as const;

async function consentWaiting(db: DB, recruiterId: number, now: Date) {
  const base = db
    .selectFrom('referrals')
    .where('referrals.recruiter_id', '=', recruiterId)
    .where('referrals.consent_status', '=', 'PENDING')
    .where('referrals.hiring_status', 'not in', HIRING_CLOSED);
  const latestLink = (eb: ExpressionBuilder<Database, 'referrals'>, column: 'created_at' | 'expires_at') =>
    eb
      .selectFrom('one_time_tokens')
      .select((eb) => eb.fn.max(`one_time_tokens.${column}`).as('v'))
      .whereRef('one_time_tokens.referral_id', '=', 'referrals.id')
      .where('one_time_tokens.kind', '=', 'CONSENT');
  const [rows, count] = await Promise.all([
    base
      .innerJoin('talents', 'talents.id', 'referrals.talent_id')
      .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
      .select((eb) => [
        'referrals.id',
        'referrals.talent_id',
        'referrals.task_id',
        'referrals.created_at',
        'talents.full_name',
        'tasks.code',
        'tasks.title',
        latestLink(eb, 'created_at').as('sent_at'),
        latestLink(eb, 'expires_at').as('expires_at'),
      ])
      .orderBy('referrals.created_at', 'asc')
      .orderBy('referrals.id', 'asc')
      .limit(TODO_ITEMS)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const nowIso = now.toISOString();
  const items = rows.map((r): ConsentWaitingItem => {
    const sentAt = (r.sent_at as string | null) ?? r.created_at;
    const expiresAt =
      (r.expires_at as string | null) ?? new Date(Date.parse(sentAt) + CONSENT_TOKEN_TTL_SECONDS * 1000).toISOString();
    return {
      referralId: r.id,
      talentId: r.talent_id,
      talentName: r.full_name,
      taskId: r.task_id,
      taskCode: r.code,
      taskTitle: r.title,
      sentAt,
      linkExpired: expiresAt <= nowIso,
    };
  });
  return { total: Number(count.n), items };
}

// A rejected proof still asks for something only while it is the referral's latest proof (no newer
// one was uploaded since) and the reward is not decided yet.
async function rejectedCallProofs(db: DB, recruiterId: number) {
  const base = db
    .selectFrom('call_proofs')
    .innerJoin('referrals', 'referrals.id', 'call_proofs.referral_id')
    .where('referrals.recruiter_id', '=', recruiterId)
    // The uploader is the referral's recruiter: this starts from their own proofs (call_proofs_creator_review).
    .where('call_proofs.created_by', '=', recruiterId)
    .where('referrals.reward_status', 'is', null)
    .where('call_proofs.review_status', '=', 'REJECTED')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('call_proofs as later')
            .select('later.id')
            .whereRef('later.referral_id', '=', 'call_proofs.referral_id')
            .whereRef('later.id', '>', 'call_proofs.id'),
        ),
      ),
    );
  const [rows, count] = await Promise.all([
    base
      .innerJoin('talents', 'talents.id', 'referrals.talent_id')
      .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
      .select([
        'call_proofs.id',
        'call_proofs.referral_id',
        'call_proofs.review_reason',
        'call_proofs.reviewed_at',
        'referrals.talent_id',
        'referrals.task_id',
        'talents.full_name',
        'tasks.code',
        'tasks.title',
      ])
      .orderBy('call_proofs.reviewed_at', 'desc')
      .orderBy('call_proofs.id', 'desc')
      .limit(TODO_ITEMS)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map(
    (r): RejectedCallProofItem => ({
      callProofId: r.id,
      referralId: r.referral_id,
      talentId: r.talent_id,
      talentName: r.full_name,
      taskId: r.task_id,
      taskCode: r.code,
      taskTitle: r.title,
      reason: r.review_reason,
      reviewedAt: r.reviewed_at,
    }),
  );
  return { total: Number(count.n), items };
}

// My tasks still OPEN whose deadline (expires_at; EXPIRED once it passes) is within the next 7 days.
async function closingSoon(db: DB, recruiterId: number, now: Date) {
  const base = db
    .selectFrom('recruiter_tasks')
    .innerJoin('tasks', 'tasks.id', 'recruiter_tasks.task_id')
    .where('recruiter_tasks.recruiter_id', '=', recruiterId)
    .where('tasks.status', '=', 'OPEN')
    // The deadline expression of the tasks_status_deadline index (a task without one is never closing).
    .where(taskDeadline(), '>', now.toISOString())
    .where(taskDeadline(), '<=', new Date(now.getTime() + CLOSING_SOON_DAYS * DAY_MS).toISOString());
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'tasks.id',
        'tasks.code',
        'tasks.title',
        'tasks.company',
        'tasks.expires_at',
        eb
          .selectFrom('referrals')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('referrals.task_id', '=', 'tasks.id')
          .where('referrals.recruiter_id', '=', recruiterId)
          .as('my_referrals'),
      ])
      .orderBy('tasks.expires_at', 'asc')
      .orderBy('tasks.id', 'asc')
      .limit(TODO_ITEMS)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map(
    (r): ClosingTaskItem => ({
      taskId: r.id,
      code: r.code,
      title: r.title,
      company: r.company,
      expiresAt: r.expires_at as string,
      myReferrals: Number(r.my_referrals ?? 0),
    }),
  );
  return { total: Number(count.n), items };
}

/** My referrals made, consents confirmed, hires and rewards decided, per month. */
async function recruiterMonths(db: DB, recruiterId: number, months: CalendarMonth[]): Promise<RecruiterMonth[]> {
  const mine = db.selectFrom('referrals').where('referrals.recruiter_id', '=', recruiterId);
  const [activity, rewards] = await Promise.all([activitySeries(mine, months), rewardsPerMonth(mine, months)]);
  const earnings = moneySeries(rewards, months.length);
  return months.map((month, i) => ({
    month: month.key,
    referrals: activity.made[i] ?? 0,
    consents: activity.consents[i] ?? 0,
    hires: activity.hires[i] ?? 0,
    earnings: earnings[i] ?? [],
  }));
}

/** Talents whose resume was dropped but whose profile was never completed (migration 012). */
async function halfAdded(db: DB, recruiterId: number) {
  const row = await db
    .selectFrom('talents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recruiter_id', '=', recruiterId)
    .where('completion_task_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return { total: Number(row.n) };
}

export async function recruiterDashboard(deps: AppDeps, recruiterId: number): Promise<RecruiterDashboard> {
  const { db } = deps;
  const now = deps.now();
  const timeZone = await userZone(db, recruiterId);
  const [waiting, rejected, closing, unfinished, months] = await Promise.all([
    consentWaiting(db, recruiterId, now),
    rejectedCallProofs(db, recruiterId),
    closingSoon(db, recruiterId, now),
    halfAdded(db, recruiterId),
    recruiterMonths(db, recruiterId, lastMonths(timeZone, now, DASHBOARD_MONTHS)),
  ]);
  return {
    timeZone,
    todo: { consentWaiting: waiting, rejectedCallProofs: rejected, closingSoon: closing, halfAdded: unfinished },
    thisMonth: months.at(-1) as RecruiterMonth,
    months,
  };
}
