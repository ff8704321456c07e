import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { recordChange } from '#src/server/modules/referrals/referral-history.ts';
import { consentWithdrawals } from '#src/server/modules/referrals/talent-link-mail.ts';
import { notifyUser } from '#src/server/notifications/deliver.ts';
import type { RewardDecision } from '#src/shared/admin-referral-schemas.ts';
import type { BulkRewardResult, RewardDecided } from '#src/shared/admin-referral-types.ts';
import type { RewardStatus } from '#src/shared/enums.ts';
import { lockTaskOfReferral, quotaUsed, rewardIfApproved } from './reward-rules';

export type RewardDecisionInput = { decision: RewardDecision; reason?: string };

const refused = (message: string, key: string) => new AppError('CONFLICT', 409, message, { decision: key });

/**
 * One reward decision, in one transaction: the task's row is locked first, so the quota count below
 * holds until commit and two admins approving the last slot at once cannot both win (the second sees
 * the first's approval and gets EXCEED_QUOTA). APPROVED fixes the amount (task reward + promo bonus) now;
 * later changes to the task leave it. A decision may be corrected until the referral is in a payment.
 * The history entry and the recruiter's e-mail are written in the same transaction.
 */
export async function decideReward(
  deps: AppDeps,
  adminId: number,
  referralId: number,
  input: RewardDecisionInput,
): Promise<RewardDecided> {
  const now = deps.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const task = await lockTaskOfReferral(trx, referralId);
    const referral = await trx
      .selectFrom('referrals')
      .selectAll()
      .where('id', '=', referralId)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    const current = referral.reward_status as RewardStatus | null;

    if (referral.payment_id !== null || current === 'PENDING_PAYMENT' || current === 'PAID') {
      throw refused(
        `The reward is ${current} in payment #${referral.payment_id}: its decision can no longer change.`,
        'reward_in_payment',
      );
    }
    // A withdrawal closes the reward (issue 42.14): the talent took back the consent the referral stood on,
    // so no decision, for or against, is the admin's to make on it any more.
    if (referral.consent_status === 'DECLINED' && (await consentWithdrawals(trx, [referral.id])).has(referral.id)) {
      throw refused(
        'The talent withdrew their consent to this referral: its reward is closed, and no decision can be made on it.',
        'reward_closed_withdrawn',
      );
    }
    let outcome: RewardStatus = input.decision;
    if (input.decision === 'APPROVED') {
      if (referral.consent_status !== 'CONFIRMED') {
        throw refused(
          `A referral can only be approved once the talent has confirmed consent (consent is ${referral.consent_status}).`,
          'reward_consent_required',
        );
      }
      if (current === 'APPROVED') throw refused('The reward is already APPROVED.', 'reward_unchanged');
      const used = await quotaUsed(trx, task.id, referral.id);
      if (used >= task.quota) {
        if (current === 'EXCEED_QUOTA') {
          throw refused(
            `The task's quota of ${task.quota} rewarded referrals is still full: the reward stays EXCEED_QUOTA.`,
            'reward_quota_full',
          );
        }
        outcome = 'EXCEED_QUOTA';
      }
    }
    const reason = outcome === 'APPROVED' || outcome === 'EXCEED_QUOTA' ? null : (input.reason ?? null);
    if (outcome === current && reason === referral.reward_reason) {
      throw refused(`The reward is already ${current}.`, 'reward_unchanged');
    }
    const reward = outcome === 'APPROVED' ? await rewardIfApproved(trx, task, referral.promo_id) : null;

    await trx
      .updateTable('referrals')
      .set({
        reward_status: outcome,
        reward_amount: reward?.amount ?? null,
        reward_currency: reward?.currency ?? null,
        reward_reason: reason,
        reward_decided_by: adminId,
        reward_decided_at: at,
      })
      .where('id', '=', referral.id)
      .execute();
    await recordChange(trx, {
      referralIds: [referral.id],
      actorId: adminId,
      action: 'REWARD_CHANGED',
      from: current,
      to: outcome,
      note: input.reason,
      at,
    });
    await notifyRewardDecided(trx, deps.env, {
      recruiterId: referral.recruiter_id,
      talentId: referral.talent_id,
      taskTitle: task.title,
      status: outcome,
      reward,
      reason,
      now,
    });
    return {
      referralId: referral.id,
      rewardStatus: outcome,
      rewardAmount: reward?.amount ?? null,
      rewardCurrency: reward?.currency ?? null,
      rewardReason: reason,
      decidedAt: at,
    };
  });
}

/**
 * The decision, to the recruiter: in the app, by push and with the `reward_decided` e-mail (template
 * payload keys: mail/templates.ts), as they chose, in their language.
 */
async function notifyRewardDecided(
  trx: DB,
  env: AppDeps['env'],
  values: {
    recruiterId: number;
    talentId: number;
    taskTitle: string;
    status: RewardStatus;
    reward: { amount: number; currency: string } | null;
    reason: string | null;
    now: Date;
  },
): Promise<void> {
  const talent = await trx
    .selectFrom('talents')
    .select(['full_name', 'erased_at'])
    .where('id', '=', values.talentId)
    .executeTakeFirstOrThrow();
  const recruiter = await trx
    .selectFrom('users')
    .select('full_name')
    .where('id', '=', values.recruiterId)
    .executeTakeFirstOrThrow();
  const money = { amount: values.reward?.amount ?? null, currency: values.reward?.currency ?? null };
  await notifyUser(trx, { env, now: values.now }, values.recruiterId, {
    kind: 'REWARD_DECIDED',
    talentId: values.talentId,
    path: '/earning',
    payload: {
      talentName: talent.full_name,
      ...(talent.erased_at ? { talentErased: true } : {}),
      taskTitle: values.taskTitle,
      status: values.status,
      reason: values.reason,
      ...money,
    },
    email: {
      template: 'reward_decided',
      payload: {
        name: recruiter.full_name,
        talentName: talent.full_name,
        taskTitle: values.taskTitle,
        status: values.status,
        ...money,
        reason: values.reason,
      },
    },
  });
}

/**
 * One decision for a selection: each referral is decided on its own, as a single call would decide it
 * (its own transaction and lock), in ascending id order so the quota's last slots go to the oldest
 * referrals. A refusal is that referral's result, not the whole call's.
 */
export async function decideRewards(
  deps: AppDeps,
  adminId: number,
  referralIds: number[],
  input: RewardDecisionInput,
): Promise<BulkRewardResult> {
  const byId = new Map<number, BulkRewardResult['results'][number]>();
  for (const referralId of [...referralIds].sort((a, b) => a - b)) {
    try {
      byId.set(referralId, { ok: true, ...(await decideReward(deps, adminId, referralId, input)) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      byId.set(referralId, {
        ok: false,
        referralId,
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
  }
  const results = referralIds.map((id) => byId.get(id) as BulkRewardResult['results'][number]);
  const counts: BulkRewardResult['counts'] = { refused: 0 };
  for (const result of results) {
    if (result.ok) counts[result.rewardStatus] = (counts[result.rewardStatus] ?? 0) + 1;
    else counts.refused += 1;
  }
  return { results, counts };
}
