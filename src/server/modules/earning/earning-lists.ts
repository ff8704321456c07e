import type { AppDeps } from '#src/server/context.ts';
import { monthOf } from '#src/server/modules/dashboard/calendar-months.ts';
import { userZone } from '#src/server/modules/dashboard/month-series.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { EarningPaymentsQuery, EarningReferralsQuery } from '#src/shared/earning-schemas.ts';
import {
  type EarningReferral,
  type MyPayment,
  NOT_REWARDED_STATUSES,
  REWARDED_STATUSES,
} from '#src/shared/earning-types.ts';
import type { PaymentStatus, RewardStatus } from '#src/shared/enums.ts';

// `GET /api/recruiter/earning/referrals` and `/payments`: the signed-in recruiter's decided referrals
// and payments, filtered and paged in SQL. Only the recruiter's own rows are ever read.

export async function listEarningReferrals(
  deps: AppDeps,
  recruiterId: number,
  query: EarningReferralsQuery,
): Promise<ListPage<EarningReferral>> {
  const { db } = deps;
  let base = db
    .selectFrom('referrals')
    .where('referrals.recruiter_id', '=', recruiterId)
    .where('referrals.reward_status', 'is not', null);
  if (query.status === 'REWARDED') base = base.where('referrals.reward_status', 'in', REWARDED_STATUSES);
  else if (query.status === 'NOT_REWARDED') base = base.where('referrals.reward_status', 'in', NOT_REWARDED_STATUSES);
  else if (query.status) base = base.where('referrals.reward_status', '=', query.status);
  if (query.taskId !== undefined) base = base.where('referrals.task_id', '=', query.taskId);
  if (query.month) {
    const month = monthOf(await userZone(db, recruiterId), query.month);
    base = base
      .where('referrals.reward_decided_at', '>=', month.start)
      .where('referrals.reward_decided_at', '<', month.end);
  }

  const [rows, count] = await Promise.all([
    base
      .innerJoin('talents', 'talents.id', 'referrals.talent_id')
      .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
      .leftJoin('payments', (join) =>
        // Only ever the recruiter's own payment (as payments are made), checked here too, not assumed.
        join.onRef('payments.id', '=', 'referrals.payment_id').on('payments.recruiter_id', '=', recruiterId),
      )
      .select([
        'referrals.id',
        'referrals.talent_id',
        'referrals.task_id',
        'referrals.reward_status',
        'referrals.reward_amount',
        'referrals.reward_currency',
        'referrals.reward_reason',
        'referrals.reward_decided_at',
        'talents.full_name',
        'tasks.code',
        'tasks.title',
        'payments.id as payment_id',
        'payments.status as payment_status',
        'payments.reference as payment_reference',
        'payments.paid_at as payment_paid_at',
      ])
      .orderBy('referrals.reward_decided_at', 'desc')
      .orderBy('referrals.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map(
    (r): EarningReferral => ({
      id: r.id,
      talentId: r.talent_id,
      talentName: r.full_name,
      taskId: r.task_id,
      taskCode: r.code,
      taskTitle: r.title,
      rewardStatus: r.reward_status as RewardStatus,
      amount: r.reward_amount === null ? null : Number(r.reward_amount),
      currency: r.reward_currency,
      reason: r.reward_reason,
      decidedAt: r.reward_decided_at,
      payment:
        r.payment_id === null
          ? null
          : {
              id: r.payment_id,
              status: r.payment_status as PaymentStatus,
              reference: r.payment_reference,
              paidAt: r.payment_paid_at,
            },
    }),
  );
  return { items, page: query.page, pageSize: query.pageSize, total: Number(count.n) };
}

export async function listMyPayments(
  deps: AppDeps,
  recruiterId: number,
  query: EarningPaymentsQuery,
): Promise<ListPage<MyPayment>> {
  const base = deps.db.selectFrom('payments').where('payments.recruiter_id', '=', recruiterId);
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'payments.id',
        'payments.status',
        'payments.amount',
        'payments.currency',
        'payments.withholding_rate',
        'payments.withheld_amount',
        'payments.net_amount',
        'payments.reference',
        'payments.paid_at',
        'payments.created_at',
        eb
          .selectFrom('referrals')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('referrals.payment_id', '=', 'payments.id')
          .as('referral_count'),
      ])
      .orderBy('payments.created_at', 'desc')
      .orderBy('payments.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map(
    (r): MyPayment => ({
      id: r.id,
      status: r.status,
      amount: Number(r.amount),
      currency: r.currency,
      withholdingRate: r.withholding_rate === null ? null : Number(r.withholding_rate),
      withheld: Number(r.withheld_amount),
      net: Number(r.net_amount),
      reference: r.reference,
      paidAt: r.paid_at,
      createdAt: r.created_at,
      referralCount: Number(r.referral_count ?? 0),
    }),
  );
  return { items, page: query.page, pageSize: query.pageSize, total: Number(count.n) };
}
