import { type SelectQueryBuilder, sql } from 'kysely';
import type { AdminReferralListQuery } from '../../../shared/admin-referral-schemas';
import type { AdminReferralRow } from '../../../shared/admin-referral-types';
import type { ListPage } from '../../../shared/api-response';
import type { ConsentStatus, HiringStatus, ItaStatus, RewardStatus } from '../../../shared/enums';
import type { DB } from '../../db/connect';
import type { Database } from '../../db/database';
import { containsText, likePattern, perRow } from '../referrals/referral-summaries';

// Every referral for the admin, filtered and paged in SQL. Filters and search work on `referrals` alone
// (search through id lists of talents, tasks and recruiters), so the count never joins and the page walks
// an index in created_at order (referrals_created), stopping at the page: fast at a million referrals.
// Without task, recruiter or search, the total is a sum of referral_counts (migration 007), not a count.

export type AdminReferralFilter = Omit<AdminReferralListQuery, 'page' | 'pageSize'>;

type StatusColumn = 'referrals.hiring_status' | 'referrals.consent_status' | 'referrals.reward_status';

function applyFilter<O>(query: SelectQueryBuilder<Database, 'referrals', O>, filter: AdminReferralFilter) {
  let q = query;
  if (filter.taskId !== undefined) q = q.where('referrals.task_id', '=', filter.taskId);
  if (filter.recruiterId !== undefined) q = q.where('referrals.recruiter_id', '=', filter.recruiterId);
  // Narrowed to a task or a recruiter, the status filters are checked row by row (perRow).
  const narrowed = filter.taskId !== undefined || filter.recruiterId !== undefined;
  const status = (column: StatusColumn) => (narrowed ? perRow(column) : sql.ref<string | null>(column));
  if (filter.hiring) q = q.where(status('referrals.hiring_status'), '=', filter.hiring);
  if (filter.consent) q = q.where(status('referrals.consent_status'), '=', filter.consent);
  if (filter.reward === 'IN_REVIEW') q = q.where(status('referrals.reward_status'), 'is', null);
  else if (filter.reward) q = q.where(status('referrals.reward_status'), '=', filter.reward);
  // The count the call_proofs triggers keep (migration 006), on a partial index in created_at order; the
  // literal 0 (not a bound parameter) lets the planner match the index's own condition.
  if (filter.call === 'NEED_REVIEW') q = q.where(sql<boolean>`${sql.ref('referrals.proofs_to_review')} > 0`);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    q = q.where((eb) =>
      eb.or([
        eb(
          'referrals.talent_id',
          'in',
          eb
            .selectFrom('talents')
            .select('talents.id')
            .where((e) =>
              e.or([containsText('talents.full_name', pattern), containsText('talents.email_normalized', pattern)]),
            ),
        ),
        eb(
          'referrals.task_id',
          'in',
          eb
            .selectFrom('tasks')
            .select('tasks.id')
            .where((e) => e.or([containsText('tasks.title', pattern), containsText('tasks.code', pattern)])),
        ),
        eb(
          'referrals.recruiter_id',
          'in',
          eb.selectFrom('users').select('users.id').where(containsText('users.full_name', pattern)),
        ),
      ]),
    );
  }
  return q;
}

/**
 * How many referrals match, without task, recruiter or search: the sum of the referral_counts rows
 * (migration 007, kept by triggers) of the filter's statuses — a few hundred rows at most, where a
 * count(*) reads up to a million index entries. Undefined when the filter needs the referrals.
 */
async function countedTotal(db: DB, filter: AdminReferralFilter): Promise<number | undefined> {
  if (filter.taskId !== undefined || filter.recruiterId !== undefined || filter.search) return undefined;
  const conditions = [sql<boolean>`true`];
  if (filter.hiring) conditions.push(sql`hiring_status = ${filter.hiring}`);
  if (filter.consent) conditions.push(sql`consent_status = ${filter.consent}`);
  if (filter.reward === 'IN_REVIEW') conditions.push(sql`reward_status = ''`);
  else if (filter.reward) conditions.push(sql`reward_status = ${filter.reward}`);
  if (filter.call === 'NEED_REVIEW') conditions.push(sql`to_review = 1`);
  const { rows } = await sql<{ n: number | string | null }>`
    select sum(n) as n from referral_counts where ${sql.join(conditions, sql` and `)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

type ProofCounts = AdminReferralRow['callProofs'];

// One grouped query for the rows' call proofs, on the referral_id index (a count per status per row would
// let SQLite pick the review_status index and read every proof of that status, for each row).
async function proofCounts(db: DB, ids: number[]): Promise<Map<number, ProofCounts>> {
  const rows = await db
    .selectFrom('call_proofs')
    .select((eb) => ['call_proofs.referral_id', 'call_proofs.review_status', eb.fn.countAll<number>().as('n')])
    .where('call_proofs.referral_id', 'in', ids)
    .groupBy(['call_proofs.referral_id', 'call_proofs.review_status'])
    .execute();
  const counts = new Map<number, ProofCounts>();
  for (const row of rows) {
    const count = counts.get(row.referral_id) ?? { total: 0, needReview: 0, accepted: 0, rejected: 0 };
    const n = Number(row.n);
    count.total += n;
    if (row.review_status === 'NEED_REVIEW') count.needReview += n;
    else if (row.review_status === 'ACCEPTED') count.accepted += n;
    else if (row.review_status === 'REJECTED') count.rejected += n;
    counts.set(row.referral_id, count);
  }
  return counts;
}

export async function listAdminReferrals(
  db: DB,
  filter: AdminReferralFilter,
  page: { page: number; pageSize: number },
): Promise<ListPage<AdminReferralRow>> {
  // The page's ids first (referrals alone, index order), then the joins for those rows only.
  const [idRows, count] = await Promise.all([
    applyFilter(db.selectFrom('referrals').select('referrals.id'), filter)
      .orderBy('referrals.created_at', 'desc')
      .orderBy('referrals.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    countedTotal(db, filter).then(
      async (n) =>
        n ??
        Number(
          (
            await applyFilter(
              db.selectFrom('referrals').select((eb) => eb.fn.countAll<number>().as('n')),
              filter,
            ).executeTakeFirstOrThrow()
          ).n,
        ),
    ),
  ]);
  const items = await adminReferralRows(
    db,
    idRows.map((r) => r.id),
  );
  return { items, page: page.page, pageSize: page.pageSize, total: count };
}

/** The rows of the given referrals, in the order of `ids`. */
export async function adminReferralRows(db: DB, ids: number[]): Promise<AdminReferralRow[]> {
  if (ids.length === 0) return [];
  const [rows, proofs] = await Promise.all([
    db
      .selectFrom('referrals')
      .innerJoin('talents', 'talents.id', 'referrals.talent_id')
      .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
      .innerJoin('users', 'users.id', 'referrals.recruiter_id')
      .select([
        'referrals.id',
        'referrals.talent_id',
        'referrals.task_id',
        'referrals.recruiter_id',
        'referrals.consent_status',
        'referrals.ita_status',
        'referrals.hiring_status',
        'referrals.reward_status',
        'referrals.reward_amount',
        'referrals.reward_currency',
        'referrals.reward_decided_at',
        'referrals.payment_id',
        'referrals.created_at',
        'referrals.updated_at',
        'talents.full_name as talent_name',
        'talents.email',
        'talents.phone_e164',
        'tasks.code',
        'tasks.title',
        'tasks.company',
        'users.full_name as recruiter_name',
        'users.email as recruiter_email',
      ])
      .where('referrals.id', 'in', ids)
      .execute(),
    proofCounts(db, ids),
  ]);
  const byId = new Map(
    rows.map((r): [number, AdminReferralRow] => [
      r.id,
      {
        id: r.id,
        talentId: r.talent_id,
        talentName: r.talent_name,
        talentEmail: r.email,
        talentPhone: r.phone_e164,
        taskId: r.task_id,
        taskCode: r.code,
        taskTitle: r.title,
        company: r.company,
        recruiterId: r.recruiter_id,
        recruiterName: r.recruiter_name,
        recruiterEmail: r.recruiter_email,
        consentStatus: r.consent_status as ConsentStatus,
        itaStatus: r.ita_status as ItaStatus,
        hiringStatus: r.hiring_status as HiringStatus,
        rewardStatus: (r.reward_status as RewardStatus | null) ?? null,
        rewardAmount: r.reward_amount === null ? null : Number(r.reward_amount),
        rewardCurrency: r.reward_currency,
        rewardDecidedAt: r.reward_decided_at,
        paymentId: r.payment_id,
        callProofs: proofs.get(r.id) ?? { total: 0, needReview: 0, accepted: 0, rejected: 0 },
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
