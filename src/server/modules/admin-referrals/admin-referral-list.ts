import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { idsContaining } from '#src/server/db/text-search.ts';
import {
  perRow,
  SUMMARY_COLUMNS,
  toReferralSummary,
  withdrawnReferralIds,
  withWithdrawals,
} from '#src/server/modules/referrals/referral-summaries.ts';
import type { AdminReferralListQuery } from '#src/shared/admin-referral-schemas.ts';
import type { AdminReferralRow } from '#src/shared/admin-referral-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { ConsentStatus } from '#src/shared/enums.ts';
import { countReferralsByStatus } from './referral-counts';

// Every referral for the admin, filtered and paged in SQL. Filters and search work on `referrals` alone
// (search through id lists of talents, tasks and recruiters, from their trigram indexes: db/text-search.ts),
// so the count never joins and the page walks an index in created_at order (referrals_created), stopping
// at the page: fast at a million referrals. Without task, recruiter or search, the total is a sum of
// referral_counts (migration 007), not a count.

export type AdminReferralFilter = Omit<AdminReferralListQuery, 'page' | 'pageSize'>;

/**
 * A filter on the statuses as stored (consent DECLINED for a refusal and a withdrawal alike), and what it
 * does with withdrawals (issue 42.6): 'only' the withdrawn (consent filter WITHDRAWN), 'exclude' them
 * (DECLINED means refused; IN_REVIEW, a reward still open to a decision: a withdrawal closed it).
 */
type StoredFilter = Omit<AdminReferralFilter, 'consent'> & {
  consent?: ConsentStatus;
  withdrawals?: 'only' | 'exclude';
};

function stored(filter: AdminReferralFilter): StoredFilter {
  const { consent, ...rest } = filter;
  if (consent === 'WITHDRAWN') return { ...rest, consent: 'DECLINED', withdrawals: 'only' };
  const exclude = consent === 'DECLINED' || filter.reward === 'IN_REVIEW';
  return { ...rest, ...(consent ? { consent } : {}), ...(exclude ? { withdrawals: 'exclude' as const } : {}) };
}

type StatusColumn = 'referrals.hiring_status' | 'referrals.consent_status' | 'referrals.reward_status';

type IdColumn = 'referrals.talent_id' | 'referrals.task_id' | 'referrals.recruiter_id';

/**
 * How a search's referrals are found. `gather`: through the talent_id, task_id and recruiter_id indexes,
 * from the ids of the matching talents, tasks and recruiters (SQLite: MULTI-INDEX OR; PostgreSQL: a
 * BitmapOr, which it plans for `= any(array(...))` but not for `in (...)`). `walk`: the referrals are
 * found another way (in created_at order; a task's or a recruiter's) and each one's ids checked against
 * those lists (SQLite: a unary "+" rules the id indexes out).
 */
type SearchPlan = 'gather' | 'walk';

function idIn(db: DB, column: IdColumn, ids: Expression<number>, plan: SearchPlan) {
  if (isPostgres(db))
    return plan === 'gather'
      ? sql<SqlBool>`${sql.ref(column)} = any(array${ids})`
      : sql<SqlBool>`${sql.ref(column)} in ${ids}`;
  return plan === 'gather' ? sql<SqlBool>`${sql.ref(column)} in ${ids}` : sql<SqlBool>`+${sql.ref(column)} in ${ids}`;
}

const narrowed = (filter: StoredFilter) => filter.taskId !== undefined || filter.recruiterId !== undefined;

function applyFilter<O>(
  db: DB,
  query: SelectQueryBuilder<Database, 'referrals', O>,
  filter: StoredFilter,
  plan: SearchPlan = 'walk',
) {
  let q = query;
  if (filter.taskId !== undefined) q = q.where('referrals.task_id', '=', filter.taskId);
  if (filter.recruiterId !== undefined) q = q.where('referrals.recruiter_id', '=', filter.recruiterId);
  // Narrowed to a task or a recruiter, the status filters are checked row by row (perRow).
  const status = (column: StatusColumn) => (narrowed(filter) ? perRow(column) : sql.ref<string | null>(column));
  if (filter.hiring) q = q.where(status('referrals.hiring_status'), '=', filter.hiring);
  if (filter.consent) q = q.where(status('referrals.consent_status'), '=', filter.consent);
  if (filter.reward === 'IN_REVIEW') q = q.where(status('referrals.reward_status'), 'is', null);
  else if (filter.reward) q = q.where(status('referrals.reward_status'), '=', filter.reward);
  // The count the call_proofs triggers keep (migration 006), on a partial index in created_at order; the
  // literal 0 (not a bound parameter) lets the planner match the index's own condition.
  if (filter.call === 'NEED_REVIEW') q = q.where(sql<boolean>`${sql.ref('referrals.proofs_to_review')} > 0`);
  if (filter.withdrawals === 'only') q = q.where('referrals.id', 'in', withdrawnReferralIds(db));
  else if (filter.withdrawals === 'exclude') q = q.where('referrals.id', 'not in', withdrawnReferralIds(db));
  const search = filter.search;
  if (search) {
    q = q.where((eb) =>
      eb.or([
        idIn(db, 'referrals.talent_id', idsContaining(db, 'talents', ['full_name', 'email_normalized'], search), plan),
        idIn(db, 'referrals.task_id', idsContaining(db, 'tasks', ['title', 'code'], search), plan),
        idIn(db, 'referrals.recruiter_id', idsContaining(db, 'users', ['full_name'], search), plan),
      ]),
    );
  }
  return q;
}

/**
 * The total from referral_counts when the filter names no task, recruiter or search; else undefined.
 * referral_counts knows no withdrawal: the withdrawn referrals the statuses match (a few, counted through
 * talent_decisions) are taken off, or are the total when the filter asks for them alone.
 */
async function countedTotal(db: DB, filter: StoredFilter): Promise<number | undefined> {
  if (filter.taskId !== undefined || filter.recruiterId !== undefined || filter.search) return undefined;
  const { withdrawals, ...statuses } = filter;
  const withdrawn = async () =>
    Number(
      (
        await applyFilter(
          db,
          db.selectFrom('referrals').select((eb) => eb.fn.countAll<number>().as('n')),
          { ...statuses, withdrawals: 'only' },
        ).executeTakeFirstOrThrow()
      ).n,
    );
  if (withdrawals === 'only') return withdrawn();
  const all = await countReferralsByStatus(db, statuses);
  return withdrawals === 'exclude' ? all - (await withdrawn()) : all;
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
  asked: AdminReferralFilter,
  page: { page: number; pageSize: number },
): Promise<ListPage<AdminReferralRow>> {
  const filter = stored(asked);
  const offset = (page.page - 1) * page.pageSize;
  // The page's ids first (referrals alone, index order), then the joins for those rows only.
  const walked = () =>
    applyFilter(db, db.selectFrom('referrals').select('referrals.id'), filter)
      .orderBy('referrals.created_at', 'desc')
      .orderBy('referrals.id', 'desc')
      .limit(page.pageSize)
      .offset(offset)
      .execute();
  const count = async (plan: SearchPlan) =>
    (await countedTotal(db, filter)) ??
    Number(
      (
        await applyFilter(
          db,
          db.selectFrom('referrals').select((eb) => eb.fn.countAll<number>().as('n')),
          filter,
          plan,
        ).executeTakeFirstOrThrow()
      ).n,
    );
  let idRows: { id: number }[];
  let total: number;
  if (!filter.search || narrowed(filter)) {
    // Narrowed, the task's or recruiter's referrals (hundreds; the recruiter's 24,000 from the covering
    // referrals_recruiter_created) are fewer than a common name's 180,000.
    [idRows, total] = await Promise.all([walked(), count('walk')]);
  } else {
    // Neither database can tell from the text whether a search matches a fifth of the referrals (walk
    // referrals_created newest first, stop at the page: 6 ms on SQLite) or ten (gather and sort them):
    // each plan takes hundreds of ms at a million referrals where the other suits. The count, which
    // gathers the matches anyway, tells: the walk reads about (offset + pageSize) * (referrals in
    // scope) / matches rows, the gathering reads the matches.
    total = await count('gather');
    const inScope = (await countedTotal(db, { ...filter, search: undefined })) ?? 0;
    if (offset >= total) idRows = [];
    else if (total * total > (offset + page.pageSize) * inScope) idRows = await walked();
    else {
      // A materialised set of matches, so neither planner turns the gathering back into the walk.
      idRows = await db
        .with(
          (cte) => cte('matches').materialized(),
          (qb) =>
            applyFilter(
              db,
              qb.selectFrom('referrals').select(['referrals.id', 'referrals.created_at']),
              filter,
              'gather',
            ),
        )
        .selectFrom('matches')
        .select('matches.id')
        .orderBy('matches.created_at', 'desc')
        .orderBy('matches.id', 'desc')
        .limit(page.pageSize)
        .offset(offset)
        .execute();
    }
  }
  const items = await adminReferralRows(
    db,
    idRows.map((r) => r.id),
  );
  return { items, page: page.page, pageSize: page.pageSize, total };
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
        ...SUMMARY_COLUMNS,
        'referrals.recruiter_id',
        'referrals.reward_decided_at',
        'referrals.payment_id',
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
        ...toReferralSummary(r, proofs.get(r.id) ?? { total: 0, needReview: 0, accepted: 0, rejected: 0 }),
        recruiterId: r.recruiter_id,
        recruiterName: r.recruiter_name,
        recruiterEmail: r.recruiter_email,
        rewardDecidedAt: r.reward_decided_at,
        paymentId: r.payment_id,
      },
    ]),
  );
  return withWithdrawals(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}
