import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Database, Referral, Talent, Task } from '#src/server/db/database.ts';
import { containsText, indexAnswers } from '#src/server/db/text-search.ts';
import type {
  ConsentFilter,
  ConsentStatus,
  HiringStatus,
  ItaStatus,
  RewardFilter,
  RewardStatus,
} from '#src/shared/enums.ts';
import type { ReferralSummary } from '#src/shared/recruiter-types.ts';
import { consentWithdrawals } from './talent-link-mail';

// The one way referrals are listed (Manage Task detail, talent-view, talent profile, admin lists):
// referral + talent + task, with call-proof counts, filtered and paged in SQL.
export type ReferralFilter = {
  recruiterId?: number;
  taskId?: number;
  talentId?: number;
  /** Talent name, e-mail or phone, or task title or code. */
  search?: string;
  /** DECLINED: refused (a withdrawal is not); WITHDRAWN: consent given, then withdrawn. */
  consent?: ConsentFilter;
  hiring?: HiringStatus;
  /** IN_REVIEW: no decision yet, and still open to one (a withdrawal closes it). */
  reward?: RewardFilter;
};

/**
 * The referrals whose talent withdrew the consent they had given: a talent_decisions row each (the consent
 * reads DECLINED, as after a refusal). Few, and found through talent_decisions_referral.
 */
export const withdrawnReferralIds = (db: DB) =>
  db
    .selectFrom('talent_decisions')
    .select('talent_decisions.referral_id')
    .where('talent_decisions.kind', '=', 'CONSENT')
    .where('talent_decisions.decision', '=', 'WITHDRAWN');

type From = 'referrals' | 'talents' | 'tasks';

const proofCount = (eb: ExpressionBuilder<Database, From>, status?: 'NEED_REVIEW' | 'ACCEPTED' | 'REJECTED') => {
  let q = eb
    .selectFrom('call_proofs')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('call_proofs.referral_id', '=', 'referrals.id');
  if (status) q = q.where('call_proofs.review_status', '=', status);
  return q;
};

/**
 * A status column compared row by row, never through an index: `column || ''`. For filters on rows already
 * narrowed to a task, a recruiter or a talent (thousands at most), so that SQLite, which plans without
 * statistics, does not walk a status index across every referral instead.
 */
export const perRow = (column: string) => sql<string | null>`${sql.ref(column)} || ''`;

const TALENT_SEARCHED = ['full_name', 'email_normalized', 'phone_e164'] as const;
const TASK_SEARCHED = ['title', 'code'] as const;

function applyFilter<O>(db: DB, query: SelectQueryBuilder<Database, From, O>, filter: ReferralFilter) {
  let q = query;
  if (filter.recruiterId !== undefined) q = q.where('referrals.recruiter_id', '=', filter.recruiterId);
  if (filter.taskId !== undefined) q = q.where('referrals.task_id', '=', filter.taskId);
  if (filter.talentId !== undefined) q = q.where('referrals.talent_id', '=', filter.talentId);
  // A withdrawal reads DECLINED but is told apart from a refusal; its undecided reward is closed, not in review.
  if (filter.consent === 'WITHDRAWN')
    q = q.where('referrals.consent_status', '=', 'DECLINED').where('referrals.id', 'in', withdrawnReferralIds(db));
  else if (filter.consent) q = q.where('referrals.consent_status', '=', filter.consent);
  if (filter.consent === 'DECLINED' || filter.reward === 'IN_REVIEW')
    q = q.where('referrals.id', 'not in', withdrawnReferralIds(db));
  if (filter.hiring) q = q.where('referrals.hiring_status', '=', filter.hiring);
  if (filter.reward === 'IN_REVIEW') q = q.where('referrals.reward_status', 'is', null);
  else if (filter.reward) q = q.where('referrals.reward_status', '=', filter.reward);
  const search = filter.search;
  if (search) {
    // The referral's own talent_id and task_id looked up in the trigram indexes' answers: a recruiter's
    // referrals are checked from referrals_recruiter_created alone, their talents and tasks read only
    // for the matches (24,000 referrals: 130 -> 7 ms on SQLite).
    q = q.where((eb) =>
      eb.or([
        containsText(db, 'talents', TALENT_SEARCHED, search, 'referrals.talent_id'),
        containsText(db, 'tasks', TASK_SEARCHED, search, 'referrals.task_id'),
      ]),
    );
  }
  return q;
}

/** A referral's state: its consent, ITA and hiring statuses and its reward (the admin's person view reads them too). */
export const STATE_COLUMNS = [
  'referrals.consent_status',
  'referrals.ita_status',
  'referrals.hiring_status',
  'referrals.reward_status',
  'referrals.reward_amount',
  'referrals.reward_currency',
] as const;

type StateRow = Pick<
  Referral,
  'consent_status' | 'ita_status' | 'hiring_status' | 'reward_status' | 'reward_amount' | 'reward_currency'
>;

type ReferralState = Pick<
  ReferralSummary,
  'consentStatus' | 'itaStatus' | 'hiringStatus' | 'rewardStatus' | 'rewardAmount' | 'rewardCurrency'
>;

export const toReferralState = (r: StateRow): ReferralState => ({
  consentStatus: r.consent_status as ConsentStatus,
  itaStatus: r.ita_status as ItaStatus,
  hiringStatus: r.hiring_status as HiringStatus,
  rewardStatus: (r.reward_status as RewardStatus | null) ?? null,
  rewardAmount: r.reward_amount === null ? null : Number(r.reward_amount),
  rewardCurrency: r.reward_currency,
});

/** The columns of a referral's summary: the admin's list (admin-referral-list.ts) selects them too. */
export const SUMMARY_COLUMNS = [
  'referrals.id',
  'referrals.talent_id',
  'referrals.task_id',
  ...STATE_COLUMNS,
  'referrals.created_at',
  'referrals.updated_at',
  'talents.full_name as talent_name',
  'talents.email',
  'talents.phone_e164',
  'tasks.code',
  'tasks.title',
  'tasks.company',
] as const;

type SummaryRow = StateRow &
  Pick<Referral, 'id' | 'talent_id' | 'task_id' | 'created_at' | 'updated_at'> &
  Pick<Talent, 'email' | 'phone_e164'> &
  Pick<Task, 'code' | 'title' | 'company'> & { talent_name: string };

export const toReferralSummary = (r: SummaryRow, callProofs: ReferralSummary['callProofs']): ReferralSummary => ({
  id: r.id,
  talentId: r.talent_id,
  talentName: r.talent_name,
  talentEmail: r.email,
  talentPhone: r.phone_e164,
  taskId: r.task_id,
  taskCode: r.code,
  taskTitle: r.title,
  company: r.company,
  ...toReferralState(r),
  callProofs,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Each declined referral with when the talent withdrew the consent they had given, if they did: a
 * withdrawal leaves the consent DECLINED, as a refusal does, and every list tells them apart (issue 42.6).
 */
export async function withWithdrawals<T extends ReferralSummary>(db: DB, items: T[]): Promise<T[]> {
  const withdrawals = await consentWithdrawals(
    db,
    items.filter((r) => r.consentStatus === 'DECLINED').map((r) => r.id),
  );
  return items.map((r) => ({ ...r, consentWithdrawnAt: withdrawals.get(r.id) ?? null }));
}

const base = (db: DB) =>
  db
    .selectFrom('referrals')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id');

/**
 * How many referrals match. Every referral has its talent and task (non-null foreign keys), so unless a
 * search reads their columns (1 or 2 characters, which no trigram index answers), the count reads
 * referrals alone (an index only, mostly).
 */
function countReferrals(db: DB, filter: ReferralFilter) {
  const search = filter.search;
  const joined = search
    ? !(indexAnswers(db, 'talents', TALENT_SEARCHED, search) && indexAnswers(db, 'tasks', TASK_SEARCHED, search))
    : false;
  const from = joined ? base(db) : (db.selectFrom('referrals') as unknown as ReturnType<typeof base>);
  return applyFilter(
    db,
    from.select((eb) => eb.fn.countAll<number>().as('n')),
    filter,
  ).executeTakeFirstOrThrow();
}

export async function listReferralSummaries(
  db: DB,
  filter: ReferralFilter,
  page?: { page: number; pageSize: number },
): Promise<{ items: ReferralSummary[]; total: number }> {
  let query = applyFilter(
    db,
    base(db).select((eb) => [
      ...SUMMARY_COLUMNS,
      proofCount(eb).as('proofs_total'),
      proofCount(eb, 'NEED_REVIEW').as('proofs_need_review'),
      proofCount(eb, 'ACCEPTED').as('proofs_accepted'),
      proofCount(eb, 'REJECTED').as('proofs_rejected'),
    ]),
    filter,
  )
    .orderBy('referrals.created_at', 'desc')
    .orderBy('referrals.id', 'desc');
  if (page) query = query.limit(page.pageSize).offset((page.page - 1) * page.pageSize);

  const [rows, count] = await Promise.all([query.execute(), page ? countReferrals(db, filter) : null]);
  const items = await withWithdrawals(
    db,
    rows.map((r) =>
      toReferralSummary(r, {
        total: Number(r.proofs_total ?? 0),
        needReview: Number(r.proofs_need_review ?? 0),
        accepted: Number(r.proofs_accepted ?? 0),
        rejected: Number(r.proofs_rejected ?? 0),
      }),
    ),
  );
  return { items, total: count ? Number(count.n) : items.length };
}
