import type { DB } from '#src/server/db/connect.ts';
import { jsonList } from '#src/server/db/json-list.ts';
import { notFound } from '#src/server/errors.ts';
import { listHistory } from '#src/server/modules/referrals/referral-detail.ts';
import { taskStatus } from '#src/server/modules/tasks/task.mappers.ts';
import { HIRING_TRANSITIONS } from '#src/shared/admin-referral-schemas.ts';
import type { AdminCallProofItem, AdminReferralDetail } from '#src/shared/admin-referral-types.ts';
import type { CallProofStatus, EducationLevel, HiringStatus, PaymentStatus } from '#src/shared/enums.ts';
import { adminReferralRows } from './admin-referral-list';
import { quotaUsed, rewardIfApproved } from './reward-rules';

const IN_PAYMENT = new Set(['PENDING_PAYMENT', 'PAID']);

const selectProofs = (db: DB) =>
  db
    .selectFrom('call_proofs')
    .innerJoin('files', 'files.id', 'call_proofs.file_id')
    .leftJoin('users', 'users.id', 'call_proofs.reviewed_by')
    .select([
      'call_proofs.id',
      'call_proofs.referral_id',
      'call_proofs.called_at',
      'call_proofs.note',
      'call_proofs.review_status',
      'call_proofs.review_reason',
      'call_proofs.reviewed_by',
      'call_proofs.reviewed_at',
      'call_proofs.created_at',
      'files.id as file_id',
      'files.original_name',
      'files.mime_type',
      'files.size',
      'users.full_name as reviewer_name',
    ]);

type ProofRow = Awaited<ReturnType<ReturnType<typeof selectProofs>['executeTakeFirstOrThrow']>>;

const toProofItem = (r: ProofRow): AdminCallProofItem => ({
  id: r.id,
  referralId: r.referral_id,
  calledAt: r.called_at,
  note: r.note,
  reviewStatus: r.review_status as CallProofStatus,
  reviewReason: r.review_reason,
  reviewedAt: r.reviewed_at,
  reviewedBy: r.reviewed_by === null ? null : { id: r.reviewed_by, name: r.reviewer_name ?? '' },
  // GET /api/files/:id serves it to admins (inline for images, audio and PDF).
  file: { id: r.file_id, name: r.original_name, mimeType: r.mime_type, size: Number(r.size) },
  createdAt: r.created_at,
});

/** A referral's call proofs with their files and reviewers, newest first. */
export async function listAdminCallProofs(db: DB, referralId: number): Promise<AdminCallProofItem[]> {
  const rows = await selectProofs(db)
    .where('call_proofs.referral_id', '=', referralId)
    .orderBy('call_proofs.created_at', 'desc')
    .orderBy('call_proofs.id', 'desc')
    .execute();
  return rows.map(toProofItem);
}

export async function getAdminCallProof(db: DB, callProofId: number): Promise<AdminCallProofItem> {
  const row = await selectProofs(db).where('call_proofs.id', '=', callProofId).executeTakeFirst();
  if (!row) throw notFound('Call proof');
  return toProofItem(row);
}

/** Everything the admin's referral panel shows: the row, the task's reward and quota, proofs, history. */
export async function getAdminReferralDetail(db: DB, referralId: number, now: Date): Promise<AdminReferralDetail> {
  const referral = await db.selectFrom('referrals').selectAll().where('id', '=', referralId).executeTakeFirst();
  if (!referral) throw notFound('Referral');
  const [[row], talent, task, used, promo, payment, decidedBy, callProofList, history] = await Promise.all([
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
  ]);
  if (!row) throw notFound('Referral');
  const hiring = referral.hiring_status as HiringStatus;
  return {
    ...row,
    recruiterNote: referral.recruiter_note,
    rating: referral.rating === 5 || referral.rating === 10 ? referral.rating : null,
    consentDecidedAt: referral.consent_decided_at,
    itaDecidedAt: referral.ita_decided_at,
    rewardReason: referral.reward_reason,
    hiringReason: referral.hiring_reason,
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
    hiringNext: [...HIRING_TRANSITIONS[hiring]],
    rewardDecidable: referral.payment_id === null && !IN_PAYMENT.has(referral.reward_status ?? ''),
    approvable: referral.consent_status === 'CONFIRMED',
    callProofList,
    history,
  };
}
