import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { recordChange } from '#src/server/modules/referrals/referral-history.ts';
import { ensureMark } from '#src/server/modules/withholding/withholding-marks.ts';
import { withholdingSettings } from '#src/server/modules/withholding/withholding-settings.ts';
import { notifyUser } from '#src/server/notifications/deliver.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import type { NotificationPayload } from '#src/shared/notifications.ts';
import type { PaymentCancelled, PaymentDetail } from '#src/shared/payment-types.ts';
import { withheldOf } from '#src/shared/withholding.ts';
import { getPaymentDetail } from './payment-queries';

// A payment's life (PRODUCT.md "Reward status"): created PENDING from a recruiter's APPROVED referrals
// (which become PENDING_PAYMENT), then PAID (referrals PAID, the recruiter is e-mailed), or cancelled
// while PENDING (referrals APPROVED again). The schema knows PENDING and PAID only, so a cancelled payment
// is deleted; each referral's history keeps the trail (payment number, cancellation).

const conflict = (message: string, field: string, key: string) =>
  new AppError('CONFLICT', 409, message, { [field]: key });

// A clock a little ahead of the server's is not "in the future".
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * What the recruiter's notices of a payment say about its money: the net they receive as `amount` and, when
 * section 107D withheld something (issue 46), the gross, the amount withheld and the rate, so the notice says
 * both, never a gross that will not reach their account.
 */
function moneyOf(p: {
  gross: number;
  withheld: number;
  net: number;
  rate: number | null;
  currency: string;
}): NotificationPayload {
  if (p.withheld <= 0 || p.rate === null) return { amount: p.net, currency: p.currency };
  return { amount: p.net, currency: p.currency, gross: p.gross, withheld: p.withheld, withholdingRate: p.rate };
}

/** What a payment's life needs besides the transaction: the settings and the clock. */
type PaymentContext = Pick<AppDeps, 'env' | 'now'>;

export async function createPayment(
  deps: AppDeps,
  adminId: number,
  input: { recruiterId: number; referralIds: number[] },
): Promise<PaymentDetail> {
  const paymentId = await deps.db.transaction().execute((trx) => createPaymentIn(trx, deps, adminId, input));
  return getPaymentDetail(deps.db, sealingKeysOf(deps.env), paymentId);
}

/**
 * Creates the payment in the caller's transaction and answers its id: the one path that applies section
 * 107D withholding, which the demo seed takes too (seed-paperwork.ts), so its payments are made as an
 * admin's are.
 */
export async function createPaymentIn(
  trx: DB,
  deps: PaymentContext,
  adminId: number,
  input: { recruiterId: number; referralIds: number[] },
): Promise<number> {
  const at = deps.now().toISOString();
  const recruiter = await trx.selectFrom('users').select('id').where('id', '=', input.recruiterId).executeTakeFirst();
  if (!recruiter) throw notFound('Recruiter');
  // Locked (PostgreSQL) in id order, so a decision correction or another payment waits for this one.
  const referrals = await trx
    .selectFrom('referrals')
    .select(['id', 'recruiter_id', 'reward_status', 'reward_amount', 'reward_currency', 'payment_id'])
    .where('id', 'in', input.referralIds)
    .orderBy('id')
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .execute();
  const found = new Set(referrals.map((r) => r.id));
  const unpayable = [
    ...input.referralIds.filter((id) => !found.has(id)),
    ...referrals
      .filter((r) => r.recruiter_id !== input.recruiterId || r.reward_status !== 'APPROVED' || r.payment_id !== null)
      .map((r) => r.id),
  ].sort((a, b) => a - b);
  if (unpayable.length > 0) {
    throw conflict(
      `Only the recruiter's APPROVED referrals that are in no payment can be paid; not: ${unpayable.join(', ')}.`,
      'referralIds',
      'payment_referral_not_payable',
    );
  }
  const currencies = [...new Set(referrals.map((r) => r.reward_currency ?? ''))].sort();
  const [currency] = currencies;
  if (currencies.length !== 1 || !currency) {
    throw conflict(
      `A payment holds one currency; these referrals are in ${currencies.join(' and ')}. Create one payment per currency.`,
      'referralIds',
      'payment_mixed_currency',
    );
  }
  const amount = referrals.reduce((sum, r) => sum + Number(r.reward_amount ?? 0), 0);
  // Section 107D (issue 46): a recruiter marked for this year has the rate withheld, fixed now with the
  // rate in force, in the payment's own currency; the payment never changes once made.
  const settings = withholdingSettings(deps.env);
  const mark = await ensureMark(trx, input.recruiterId, deps.now(), settings);
  const rate = mark ? settings.rate : null;
  const withheld = rate === null ? 0 : withheldOf(amount, rate);
  const payment = await trx
    .insertInto('payments')
    .values({
      recruiter_id: input.recruiterId,
      amount,
      withholding_rate: rate,
      withheld_amount: withheld,
      net_amount: amount - withheld,
      withholding_mark_id: mark?.id ?? null,
      currency,
      status: 'PENDING',
      reference: null,
      paid_at: null,
      created_by: adminId,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('referrals')
    .set({ reward_status: 'PENDING_PAYMENT', payment_id: payment.id })
    .where('id', 'in', input.referralIds)
    .execute();
  await recordChange(trx, {
    referralIds: input.referralIds,
    actorId: adminId,
    action: 'REWARD_CHANGED',
    from: 'APPROVED',
    to: 'PENDING_PAYMENT',
    note: `Payment #${payment.id}`,
    at,
  });
  // Issue 25: the recruiter hears that a payment is on its way (no e-mail of its own before: the generic one),
  // with the net they will receive and what section 107D withholds from it.
  await notifyUser(trx, { env: deps.env, now: deps.now() }, input.recruiterId, {
    kind: 'PAYMENT_CREATED',
    path: '/earning',
    payload: moneyOf({ gross: amount, withheld, net: amount - withheld, rate, currency }),
  });
  return payment.id;
}

/** The payment (locked on PostgreSQL) if it is still PENDING; 404 or 409 otherwise. */
async function pendingPayment(trx: DB, paymentId: number, doing: string) {
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!payment) throw notFound('Payment');
  if (payment.status !== 'PENDING') {
    throw conflict(
      `Payment #${paymentId} is ${payment.status}: only a PENDING payment can be ${doing}.`,
      '_',
      'payment_not_pending',
    );
  }
  return payment;
}

const referralIdsOf = async (trx: DB, paymentId: number) =>
  (await trx.selectFrom('referrals').select('id').where('payment_id', '=', paymentId).orderBy('id').execute()).map(
    (r) => r.id,
  );

export async function payPayment(
  deps: AppDeps,
  adminId: number,
  paymentId: number,
  input: { reference: string; paidAt: string },
): Promise<PaymentDetail> {
  await deps.db.transaction().execute((trx) => payPaymentIn(trx, deps, adminId, paymentId, input));
  return getPaymentDetail(deps.db, sealingKeysOf(deps.env), paymentId);
}

/** Marks the payment PAID in the caller's transaction (as createPaymentIn, for the demo seed too). */
export async function payPaymentIn(
  trx: DB,
  deps: PaymentContext,
  adminId: number,
  paymentId: number,
  input: { reference: string; paidAt: string },
): Promise<void> {
  const now = deps.now();
  const at = now.toISOString();
  const paidAt = new Date(input.paidAt);
  if (paidAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', { paidAt: 'paid_at_future' });
  }
  const payment = await pendingPayment(trx, paymentId, 'marked paid');
  await trx
    .updateTable('payments')
    .set({ status: 'PAID', reference: input.reference, paid_at: paidAt.toISOString(), updated_at: at })
    .where('id', '=', paymentId)
    .execute();
  const referralIds = await referralIdsOf(trx, paymentId);
  if (referralIds.length > 0) {
    await trx.updateTable('referrals').set({ reward_status: 'PAID' }).where('id', 'in', referralIds).execute();
  }
  await recordChange(trx, {
    referralIds,
    actorId: adminId,
    action: 'REWARD_CHANGED',
    from: 'PENDING_PAYMENT',
    to: 'PAID',
    note: input.reference,
    at,
  });
  const recruiter = await trx
    .selectFrom('users')
    .select('full_name')
    .where('id', '=', payment.recruiter_id)
    .executeTakeFirstOrThrow();
  // `payment_paid` (payload keys: mail/templates.ts), in the recruiter's language, as they chose. It says
  // what reached their bank account: the net, and what section 107D withheld from the gross, if anything.
  const withheld = Number(payment.withheld_amount);
  const net = Number(payment.net_amount);
  const rate = payment.withholding_rate === null ? null : Number(payment.withholding_rate);
  await notifyUser(trx, { env: deps.env, now }, payment.recruiter_id, {
    kind: 'PAYMENT_PAID',
    path: '/earning',
    payload: moneyOf({ gross: Number(payment.amount), withheld, net, rate, currency: payment.currency }),
    email: {
      template: 'payment_paid',
      payload: {
        name: recruiter.full_name,
        amount: net,
        ...(withheld > 0 ? { gross: Number(payment.amount), withheld } : {}),
        currency: payment.currency,
        reference: input.reference,
        paidAt: paidAt.toISOString(),
      },
    },
  });
}

export async function cancelPayment(deps: AppDeps, adminId: number, paymentId: number): Promise<PaymentCancelled> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const payment = await pendingPayment(trx, paymentId, 'cancelled');
    const referralIds = await referralIdsOf(trx, paymentId);
    if (referralIds.length > 0) {
      await trx
        .updateTable('referrals')
        .set({ reward_status: 'APPROVED', payment_id: null })
        .where('id', 'in', referralIds)
        .execute();
    }
    await recordChange(trx, {
      referralIds,
      actorId: adminId,
      action: 'REWARD_CHANGED',
      from: 'PENDING_PAYMENT',
      to: 'APPROVED',
      note: `Payment #${paymentId} cancelled`,
      at,
    });
    await trx.deleteFrom('payments').where('id', '=', paymentId).execute();
    // The recruiter was told the payment was on its way: they hear it is not, and that the rewards wait
    // for another (their earning page shows them Approved again). Named by the net they were told of.
    await notifyUser(trx, { env: deps.env, now: deps.now() }, payment.recruiter_id, {
      kind: 'PAYMENT_CANCELLED',
      path: '/earning',
      payload: { amount: Number(payment.net_amount), currency: payment.currency },
    });
    return { paymentId, referralIds };
  });
}
