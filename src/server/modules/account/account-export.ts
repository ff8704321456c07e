import type { AppDeps } from '#src/server/context.ts';
import { notFound } from '#src/server/errors.ts';
import { issuedCp58Forms } from '#src/server/modules/cp58/cp58-own-forms.ts';
import { paidLine, paidReferrals } from '#src/server/modules/payments/paid-referrals.ts';
import { readPayee } from '#src/server/personal-data/sealed-details.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import type { AccountExport } from '#src/shared/account-types.ts';
import { findAccount } from './account.repository';
import { toAccountProfile } from './account.service';

// `GET /api/account/export` (issue 46): the user's own data in one file: the account, the payee details for
// Form CP58, the years they were marked for section 107D withholding, the Form CP58s issued to them, and the
// payments received (gross, withheld, net) with the referrals each paid. Opened from their seals for the
// user themself; the bank account number stays masked, as on the account page.

export async function accountExport(deps: AppDeps, userId: number): Promise<AccountExport> {
  const { db, env, now } = deps;
  const keys = sealingKeysOf(env);
  const user = await findAccount(db, userId);
  if (!user) throw notFound('Account');
  const [payee, marks, payments, referrals] = await Promise.all([
    readPayee(db, keys, userId),
    db
      .selectFrom('withholding_marks')
      .select(['year', 'paid_amount', 'threshold_amount', 'marked_at'])
      .where('recruiter_id', '=', userId)
      .orderBy('year')
      .execute(),
    db
      .selectFrom('payments')
      .select([
        'id',
        'status',
        'amount',
        'currency',
        'withholding_rate',
        'withheld_amount',
        'net_amount',
        'reference',
        'paid_at',
        'created_at',
      ])
      .where('recruiter_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    paidReferrals(db, userId),
  ]);
  return {
    exportedAt: now().toISOString(),
    account: {
      ...toAccountProfile(user, keys),
      status: user.status,
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
    payee,
    withholdingMarks: marks.map((mark) => ({
      year: mark.year,
      paidAmount: Number(mark.paid_amount),
      threshold: Number(mark.threshold_amount),
      markedAt: mark.marked_at,
    })),
    // Form CP58 (issue 46): each version issued to them, with the payee details as issued.
    cp58Forms: await issuedCp58Forms(db, keys, userId),
    payments: payments.map((p) => ({
      id: p.id,
      status: p.status,
      amount: Number(p.amount),
      currency: p.currency,
      withholdingRate: p.withholding_rate === null ? null : Number(p.withholding_rate),
      withheld: Number(p.withheld_amount),
      net: Number(p.net_amount),
      reference: p.reference,
      paidAt: p.paid_at,
      createdAt: p.created_at,
      referrals: referrals.filter((r) => r.payment_id === p.id).map((r) => paidLine(r, p)),
    })),
  };
}

/** "my-data-2026-11-29.json": the day of the export (UTC), nothing personal in a file name. */
export const accountExportFileName = (data: AccountExport) => `my-data-${data.exportedAt.slice(0, 10)}.json`;
