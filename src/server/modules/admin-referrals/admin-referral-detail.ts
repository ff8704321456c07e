import type { DB } from '#src/server/db/connect.ts';
import type { Referral } from '#src/server/db/database.ts';
import { jsonList } from '#src/server/db/json-list.ts';
import { notFound } from '#src/server/errors.ts';
import { scorecardOfRecruiter } from '#src/server/modules/insight/scorecard.ts';
import {
  type CallProofRow,
  getCallProofRow,
  listCallProofRows,
  toCallProofItem,
} from '#src/server/modules/referrals/call-proof-items.ts';
import { listHistory, referralDetailFields } from '#src/server/modules/referrals/referral-detail.ts';
import { taskStatus } from '#src/server/modules/tasks/task.mappers.ts';
import { hiringMovesFor } from '#src/shared/admin-referral-schemas.ts';
import type { AdminCallProofItem, AdminReferralDetail } from '#src/shared/admin-referral-types.ts';
import type { EducationLevel, HiringStatus, PaymentStatus } from '#src/shared/enums.ts';
import { adminReferralRows } from './admin-referral-list';
import { quotaUsed, rewardIfApproved } from './reward-rules';

const IN_PAYMENT = new Set(['PENDING_PAYMENT', 'PAID']);

// The recruiter's item plus who reviewed it.
const toAdminItem = (r: CallProofRow): AdminCallProofItem => ({
  ...toCallProofItem(r),
  reviewedBy: r.reviewed_by === null ? null : { id: r.reviewed_by, name: r.reviewer_name ?? '' },
});

/** A referral's call proofs with their files and reviewers, newest first. */
export async function listAdminCallProofs(db: DB, referralId: number): Promise<AdminCallProofItem[]> {
  return (await listCallProofRows(db, referralId)).map(toAdminItem);
}

export async function getAdminCallProof(db: DB, callProofId: number): Promise<AdminCallProofItem> {
  return toAdminItem(await getCallProofRow(db, callProofId));
}

/** The WITHDRAWAL request a withdrawal of consent opened on the referral (the latest), if any. */
async function withdrawalOf(
  db: DB,
  referral: Pick<Referral, 'id' | 'talent_id'>,
): Promise<AdminReferralDetail['withdrawal']> {
  const [request, holding] = await Promise.all([
    db
      .selectFrom('data_requests')
      .select(['id', 'status', 'due_at', 'closed_at'])
      .where('referral_id', '=', referral.id)
      .where('kind', '=', 'WITHDRAWAL')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    // As dataKeptByOthers (shared/talent-link-data.ts) and the retention job read it.
    db
      .selectFrom('referrals')
      .select('id')
      .where('talent_id', '=', referral.talent_id)
      .where('id', '!=', referral.id)
      .where('consent_status', '!=', 'DECLINED')
      .executeTakeFirst(),
  ]);
  if (!request) return null;
  return {
    requestId: request.id,
    status: request.status,
    eraseBy: request.due_at,
    closedAt: request.closed_at,
    keptByOthers: holding !== undefined,
  };
}

/** Everything the admin's referral panel shows: the row, the task's reward and quota, proofs, history. */
export async function getAdminReferralDetail(db: DB, referralId: number, now: Date): Promise<AdminReferralDetail> {
  const referral = await db.selectFrom('referrals').selectAll().where('id', '=', referralId).executeTakeFirst();
  if (!referral) throw notFound('Referral');
  const [[row], talent, task, used, promo, payment, decidedBy, callProofList, history, recruiterScorecard, withdrawal] =
    await Promise.all([
      adminReferralRows(db, [referral.id]),
      db
        .selectFrom('talents')
        .leftJoin('files', 'files.id', 'talents.resume_file_id')
        .select([
          'talents.education_level',
          'talents.years_of_experience',
          'talents.current_position',
          'talents.skills',
          'talents.languages',
          'files.id as file_id',
          'files.original_name',
          'files.mime_type',
          'files.size',
        ])
        .where('talents.id', '=', referral.talent_id)
        .executeTakeFirstOrThrow(),
      db.selectFrom('tasks').selectAll().where('id', '=', referral.task_id).executeTakeFirstOrThrow(),
      quotaUsed(db, referral.task_id),
      referral.promo_id === null
        ? undefined
        : db
            .selectFrom('promos')
            .select(['id', 'title', 'bonus_amount', 'bonus_currency'])
            .where('id', '=', referral.promo_id)
            .executeTakeFirst(),
      referral.payment_id === null
        ? undefined
        : db
            .selectFrom('payments')
            .select(['id', 'status', 'reference', 'paid_at'])
            .where('id', '=', referral.payment_id)
            .executeTakeFirst(),
      referral.reward_decided_by === null
        ? undefined
        : db
            .selectFrom('users')
            .select(['id', 'full_name'])
            .where('id', '=', referral.reward_decided_by)
            .executeTakeFirst(),
      listAdminCallProofs(db, referral.id),
      listHistory(db, referral),
      scorecardOfRecruiter(db, referral.recruiter_id),
      withdrawalOf(db, referral),
    ]);
  if (!row) throw notFound('Referral');
  const hiring = referral.hiring_status as HiringStatus;
  return {
    ...row,
    ...referralDetailFields(referral),
    talent: {
      educationLevel: talent.education_level as EducationLevel,
      yearsOfExperience: talent.years_of_experience,
      currentPosition: talent.current_position,
      skills: jsonList(talent.skills),
      languages: jsonList(talent.languages),
      resume:
        talent.file_id === null
          ? null
          : {
              id: talent.file_id,
              name: talent.original_name ?? '',
              mimeType: talent.mime_type ?? 'application/octet-stream',
              size: Number(talent.size),
            },
    },
    rewardDecidedBy: decidedBy ? { id: decidedBy.id, name: decidedBy.full_name } : null,
    task: {
      id: task.id,
      code: task.code,
      title: task.title,
      company: task.company,
      status: taskStatus(task, now.toISOString()),
      rewardAmount: Number(task.reward_amount),
      rewardCurrency: task.reward_currency,
      quota: task.quota,
      quotaUsed: used,
    },
    promo: promo
      ? {
          id: promo.id,
          title: promo.title,
          bonusAmount: Number(promo.bonus_amount),
          bonusCurrency: promo.bonus_currency,
        }
      : null,
    payment: payment
      ? {
          id: payment.id,
          status: payment.status as PaymentStatus,
          reference: payment.reference,
          paidAt: payment.paid_at,
        }
      : null,
    rewardIfApproved: await rewardIfApproved(db, task, referral.promo_id),
    hiringNext: hiringMovesFor(hiring, referral.consent_status),
    // A withdrawal closes the reward: decideReward refuses any decision on it (reward_closed_withdrawn).
    rewardDecidable:
      referral.payment_id === null && !IN_PAYMENT.has(referral.reward_status ?? '') && !row.consentWithdrawnAt,
    approvable: referral.consent_status === 'CONFIRMED',
    withdrawal: row.consentWithdrawnAt ? withdrawal : null,
    callProofList,
    history,
    recruiterScorecard,
  };
}
