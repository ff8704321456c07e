import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { notFound } from '#src/server/errors.ts';
import { markFor } from '#src/server/modules/withholding/withholding-marks.ts';
import type { WithholdingSettings } from '#src/server/modules/withholding/withholding-settings.ts';
import { openPayout } from '#src/server/personal-data/sealed-details.ts';
import type { SealingKeys } from '#src/server/security/sealing.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { PaymentStatus, RewardStatus } from '#src/shared/enums.ts';
import type { PaymentExportQuery } from '#src/shared/payment-schemas.ts';
import type {
  PayableRecruiter,
  PaymentDetail,
  PaymentReferral,
  PaymentRow,
  PayoutDetails,
} from '#src/shared/payment-types.ts';

// Reading payments: the filtered list (and its CSV export), one payment with its referrals, and what can
// be paid (APPROVED referrals in no payment yet).

type PaymentFrom = 'payments' | 'users';

function applyFilter<O>(query: SelectQueryBuilder<Database, PaymentFrom, O>, filter: PaymentExportQuery) {
  let q = query;
  if (filter.filter !== 'ALL') q = q.where('payments.status', '=', filter.filter);
  if (filter.recruiterId !== undefined) q = q.where('payments.recruiter_id', '=', filter.recruiterId);
  return q;
}

const selectRows = (db: DB) =>
  db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.recruiter_id')
    .leftJoin('users as creators', 'creators.id', 'payments.created_by')
    .select((eb) => [
      'payments.id',
      'payments.recruiter_id',
      'payments.amount',
      'payments.currency',
      'payments.withholding_rate',
      'payments.withheld_amount',
      'payments.net_amount',
      'payments.status',
      'payments.reference',
      'payments.paid_at',
      'payments.created_by',
      'payments.created_at',
      'payments.updated_at',
      'users.full_name as recruiter_name',
      'users.email as recruiter_email',
      'users.payout_sealed',
      'creators.full_name as creator_name',
      eb
        .selectFrom('referrals')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('referrals.payment_id', '=', 'payments.id')
        .as('referral_count'),
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['executeTakeFirstOrThrow']>>;

const toRow = (r: Row): PaymentRow => ({
  id: r.id,
  recruiterId: r.recruiter_id,
  recruiterName: r.recruiter_name,
  recruiterEmail: r.recruiter_email,
  amount: Number(r.amount),
  currency: r.currency,
  withholdingRate: r.withholding_rate === null ? null : Number(r.withholding_rate),
  withheld: Number(r.withheld_amount),
  net: Number(r.net_amount),
  status: r.status as PaymentStatus,
  reference: r.reference,
  paidAt: r.paid_at,
  referralCount: Number(r.referral_count ?? 0),
  createdBy: r.creator_name === null ? null : { id: r.created_by, name: r.creator_name },
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The recruiter's bank details, opened from their seal (issue 46): admins need them whole to pay. */
function toPayout(keys: SealingKeys, recruiterId: number, sealed: string | null): PayoutDetails {
  const payout = openPayout(keys, recruiterId, sealed);
  return {
    bankName: payout?.bankName ?? null,
    bankAccountName: payout?.accountName ?? null,
    bankAccountNumber: payout?.accountNumber ?? null,
  };
}

/** Newest first. */
export async function listPayments(
  db: DB,
  filter: PaymentExportQuery,
  page: { page: number; pageSize: number },
): Promise<ListPage<PaymentRow>> {
  const [rows, count] = await Promise.all([
    applyFilter(selectRows(db), filter)
      .orderBy('payments.created_at', 'desc')
      .orderBy('payments.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    applyFilter(
      db
        .selectFrom('payments')
        .innerJoin('users', 'users.id', 'payments.recruiter_id')
        .select((eb) => eb.fn.countAll<number>().as('n')),
      filter,
    ).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toRow), page: page.page, pageSize: page.pageSize, total: Number(count.n) };
}

/** Every payment of the filter, newest first, with the recruiter's payout details (the CSV export). */
export async function listPaymentsForExport(db: DB, keys: SealingKeys, filter: PaymentExportQuery) {
  const rows = await applyFilter(selectRows(db), filter)
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...toRow(r), payout: toPayout(keys, r.recruiter_id, r.payout_sealed) }));
}

const selectReferrals = (db: DB) =>
  db
    .selectFrom('referrals')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .select([
      'referrals.id',
      'referrals.recruiter_id',
      'referrals.reward_status',
      'referrals.reward_amount',
      'referrals.reward_currency',
      'referrals.reward_decided_at',
      'talents.full_name',
      'tasks.id as task_id',
      'tasks.code',
      'tasks.title',
    ]);

type ReferralRow = Awaited<ReturnType<ReturnType<typeof selectReferrals>['executeTakeFirstOrThrow']>>;

const toReferral = (r: ReferralRow): PaymentReferral => ({
  id: r.id,
  talentName: r.full_name,
  taskId: r.task_id,
  taskCode: r.code,
  taskTitle: r.title,
  rewardStatus: r.reward_status as RewardStatus,
  amount: Number(r.reward_amount ?? 0),
  currency: r.reward_currency ?? '',
  decidedAt: r.reward_decided_at,
});

export async function getPaymentDetail(db: DB, keys: SealingKeys, paymentId: number): Promise<PaymentDetail> {
  const row = await selectRows(db).where('payments.id', '=', paymentId).executeTakeFirst();
  if (!row) throw notFound('Payment');
  const referrals = await selectReferrals(db)
    .where('referrals.payment_id', '=', paymentId)
    .orderBy('referrals.id')
    .execute();
  return {
    ...toRow(row),
    payout: toPayout(keys, row.recruiter_id, row.payout_sealed),
    referrals: referrals.map(toReferral),
  };
}

/**
 * Per recruiter (by name), their APPROVED referrals in no payment yet, oldest decision first, with sums, and
 * the section 107D mark a payment created `at` would be made under (issue 46), so the dialog shows the
 * gross, the amount withheld and the net before the payment exists.
 */
export async function listPayable(
  db: DB,
  keys: SealingKeys,
  withholding: { settings: WithholdingSettings; at: Date },
  recruiterId?: number,
): Promise<PayableRecruiter[]> {
  const rows = await selectReferrals(db)
    .where('referrals.reward_status', '=', 'APPROVED')
    .where('referrals.payment_id', 'is', null)
    .$if(recruiterId !== undefined, (q) => q.where('referrals.recruiter_id', '=', recruiterId as number))
    .orderBy('referrals.reward_decided_at')
    .orderBy('referrals.id')
    .execute();
  const ids = [...new Set(rows.map((r) => r.recruiter_id))];
  const recruiters =
    ids.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'full_name', 'email', 'payout_sealed'])
          .where('id', 'in', ids)
          .orderBy('full_name')
          .orderBy('id')
          .execute();
  const marks = new Map<number, PayableRecruiter['withholding']>();
  for (const user of recruiters) {
    const mark = await markFor(db, user.id, withholding.at, withholding.settings);
    marks.set(user.id, mark && { ...mark, rate: withholding.settings.rate });
  }
  return recruiters.map((user) => {
    const referrals = rows.filter((r) => r.recruiter_id === user.id).map(toReferral);
    const totals = new Map<string, { currency: string; amount: number; count: number }>();
    for (const referral of referrals) {
      const total = totals.get(referral.currency) ?? { currency: referral.currency, amount: 0, count: 0 };
      total.amount += referral.amount;
      total.count += 1;
      totals.set(referral.currency, total);
    }
    return {
      recruiterId: user.id,
      recruiterName: user.full_name,
      recruiterEmail: user.email,
      payout: toPayout(keys, user.id, user.payout_sealed),
      withholding: marks.get(user.id) ?? null,
      totals: [...totals.values()].sort((a, b) => b.amount - a.amount),
      referrals,
    };
  });
}
