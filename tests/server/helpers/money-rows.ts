import { randomBytes } from 'node:crypto';
import type { RowTarget } from './rows';

// Rows the dashboard and earning tests write straight into the database, beside rows.ts: a consent link,
// a call proof with its file, a hire in the history, a payment over referrals.

/** A consent link sent for the referral at `at`, valid 72 hours (the last one sent is the current one). */
export async function insertConsentLink(t: RowTarget, referralId: number, at: string) {
  await t.db
    .insertInto('one_time_tokens')
    .values({
      kind: 'CONSENT',
      token_hash: randomBytes(16).toString('hex'),
      user_id: null,
      referral_id: referralId,
      created_at: at,
      expires_at: new Date(Date.parse(at) + 72 * 3_600_000).toISOString(),
      used_at: null,
      voided_at: null,
    })
    .execute();
}

/** A call proof of the referral (an image file of its recruiter's), reviewed or not. */
export async function insertCallProof(
  t: RowTarget,
  referralId: number,
  values: { status?: 'NEED_REVIEW' | 'ACCEPTED' | 'REJECTED'; reason?: string | null; at?: string } = {},
) {
  const referral = await t.db
    .selectFrom('referrals')
    .select('recruiter_id')
    .where('id', '=', referralId)
    .executeTakeFirstOrThrow();
  const at = values.at ?? t.clock.now().toISOString();
  const file = await t.db
    .insertInto('files')
    .values({
      owner_id: referral.recruiter_id,
      purpose: 'CALL_PROOF',
      original_name: 'call.png',
      mime_type: 'image/png',
      size: 100,
      sha256: 'a'.repeat(64),
      storage_key: `test/${randomBytes(6).toString('hex')}.png`,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const status = values.status ?? 'NEED_REVIEW';
  const row = await t.db
    .insertInto('call_proofs')
    .values({
      referral_id: referralId,
      file_id: file.id,
      called_at: at,
      note: null,
      review_status: status,
      review_reason: values.reason ?? null,
      reviewed_by: null,
      reviewed_at: status === 'NEED_REVIEW' ? null : at,
      created_by: referral.recruiter_id,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The referral was moved to HIRED at `at` (its status, and the history entry that dates it). */
export async function hire(t: RowTarget, referralId: number, at: string) {
  await t.db
    .updateTable('referrals')
    .set({ hiring_status: 'HIRED', updated_at: at })
    .where('id', '=', referralId)
    .execute();
  await t.db
    .insertInto('referral_history')
    .values({
      referral_id: referralId,
      actor_id: null,
      action: 'HIRING_CHANGED',
      from_value: 'OFFERED',
      to_value: 'HIRED',
      note: null,
      created_at: at,
    })
    .execute();
}

/**
 * A payment of the recruiter's over the referrals (PENDING_PAYMENT, or PAID when `paidAt` is given),
 * for the sum of their amounts; `createdBy` is the admin.
 */
export async function insertPayment(
  t: RowTarget,
  values: {
    recruiterId: number;
    createdBy: number;
    referralIds: number[];
    currency?: string;
    paidAt?: string | null;
    reference?: string | null;
    createdAt?: string;
  },
) {
  const referrals = values.referralIds.length
    ? await t.db.selectFrom('referrals').select('reward_amount').where('id', 'in', values.referralIds).execute()
    : [];
  const amount = referrals.reduce((sum, r) => sum + Number(r.reward_amount ?? 0), 0);
  const createdAt = values.createdAt ?? t.clock.now().toISOString();
  const paid = Boolean(values.paidAt);
  const row = await t.db
    .insertInto('payments')
    .values({
      recruiter_id: values.recruiterId,
      amount,
      net_amount: amount,
      currency: values.currency ?? 'MYR',
      status: paid ? 'PAID' : 'PENDING',
      reference: values.reference ?? null,
      paid_at: values.paidAt ?? null,
      created_by: values.createdBy,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (values.referralIds.length) {
    await t.db
      .updateTable('referrals')
      .set({ payment_id: row.id, reward_status: paid ? 'PAID' : 'PENDING_PAYMENT' })
      .where('id', 'in', values.referralIds)
      .execute();
  }
  return row.id;
}
