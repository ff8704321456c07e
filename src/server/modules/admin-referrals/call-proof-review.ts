import type { AppDeps } from '#src/server/context.ts';
import { isPostgres } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { recordChange } from '#src/server/modules/referrals/referral-history.ts';
import { notifyReferralRecruiter } from '#src/server/notifications/notify-referral.ts';
import type { CallProofDecision } from '#src/shared/admin-referral-schemas.ts';
import type { AdminCallProofItem } from '#src/shared/admin-referral-types.ts';
import { getAdminCallProof } from './admin-referral-detail';

const alreadyReviewed = (status: string) =>
  new AppError('CONFLICT', 409, `This call proof has already been reviewed (${status}).`, {
    decision: 'call_proof_already_reviewed',
  });

/** NEED_REVIEW → ACCEPTED | REJECTED (with a reason), once; the referral's history records it. */
export async function reviewCallProof(
  deps: AppDeps,
  adminId: number,
  callProofId: number,
  input: { decision: CallProofDecision; reason?: string },
): Promise<AdminCallProofItem> {
  const at = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const proof = await trx
      .selectFrom('call_proofs')
      .select(['id', 'referral_id', 'review_status'])
      .where('id', '=', callProofId)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!proof) throw notFound('Call proof');
    if (proof.review_status !== 'NEED_REVIEW') throw alreadyReviewed(proof.review_status);
    // Checked again in the UPDATE: the owner may delete it, or another admin review it, meanwhile.
    const updated = await trx
      .updateTable('call_proofs')
      .set({
        review_status: input.decision,
        review_reason: input.reason ?? null,
        reviewed_by: adminId,
        reviewed_at: at,
      })
      .where('id', '=', callProofId)
      .where('review_status', '=', 'NEED_REVIEW')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw alreadyReviewed('reviewed');
    await recordChange(trx, {
      referralIds: [proof.referral_id],
      actorId: adminId,
      action: 'CALL_PROOF_REVIEWED',
      from: 'NEED_REVIEW',
      to: input.decision,
      note: input.reason,
      at,
    });
    // A proof the admin did not accept costs the recruiter a reward unless they act: they hear of it, in
    // their language, queued with the decision itself.
    // Issue 25: an accepted proof is news too (in the app and by push; e-mail only if they ask for it).
    await notifyReferralRecruiter(
      trx,
      { env: deps.env, now: deps.now() },
      input.decision === 'REJECTED'
        ? {
            referralId: proof.referral_id,
            kind: 'CALL_PROOF_REJECTED',
            payload: { reason: input.reason ?? null },
            template: 'call_proof_rejected',
            emailPayload: { reason: input.reason ?? null },
          }
        : { referralId: proof.referral_id, kind: 'CALL_PROOF_ACCEPTED' },
    );
  });
  return getAdminCallProof(deps.db, callProofId);
}
