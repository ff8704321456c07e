import type { AppDeps } from '#src/server/context.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { broadcastReferralToAdmins } from '#src/server/notifications/notify-referral.ts';
import { checkUpload, discardStoredObject, storeUpload } from '#src/server/uploads/read-upload.ts';
import type { CallProofItem } from '#src/shared/recruiter-types.ts';
import { getCallProofItem } from './call-proof-items';
import { findMyReferral } from './my-referral';
import { recordChange } from './referral-history';
import { consentWithdrawals } from './talent-link-mail';

// A phone's clock may run a little ahead of the server's.
const CLOCK_SKEW_MS = 5 * 60_000;
// The call that led to a referral may come before it (the recruiter phones, then adds the talent), but
// not by more than this: an older call cannot be about this referral.
const EARLIEST_BEFORE_REFERRAL_MS = 30 * 24 * 60 * 60_000;

const calledAtInvalid = (key: string) =>
  new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', { calledAt: key });

export async function createCallProof(
  deps: AppDeps,
  recruiterId: number,
  fields: { referralId: number; calledAt: string; note?: string },
  file: File | undefined,
): Promise<CallProofItem> {
  const { db, storage } = deps;
  const now = deps.now();
  const referral = await findMyReferral(db, recruiterId, fields.referralId);
  // A talent who withdrew their consent is not to be contacted about this job: a call proof is one.
  if (referral.consent_status === 'DECLINED' && (await consentWithdrawals(db, [referral.id])).size > 0) {
    throw new AppError(
      'CONSENT_WITHDRAWN',
      409,
      'The talent withdrew their consent to this referral: do not contact them about it.',
    );
  }

  const calledAt = new Date(fields.calledAt);
  if (Number.isNaN(calledAt.getTime())) throw calledAtInvalid('called_at_required');
  if (calledAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw calledAtInvalid('called_at_future');
  if (calledAt.getTime() < Date.parse(referral.created_at) - EARLIEST_BEFORE_REFERRAL_MS) {
    throw calledAtInvalid('called_at_too_early');
  }

  const checked = await checkUpload(file, 'call-proof');
  let storedKey: string | null = null;
  try {
    const id = await db.transaction().execute(async (trx) => {
      const stored = await storeUpload(trx, storage, checked, { ownerId: recruiterId, purpose: 'CALL_PROOF', now });
      storedKey = stored.storageKey;
      const at = now.toISOString();
      const row = await trx
        .insertInto('call_proofs')
        .values({
          referral_id: referral.id,
          file_id: stored.id,
          called_at: calledAt.toISOString(),
          note: fields.note ?? null,
          review_status: 'NEED_REVIEW',
          review_reason: null,
          reviewed_by: null,
          reviewed_at: null,
          created_by: recruiterId,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordChange(trx, {
        referralIds: [referral.id],
        actorId: recruiterId,
        action: 'CALL_PROOF_ADDED',
        from: null,
        to: 'NEED_REVIEW',
        note: checked.name,
        at,
      });
      await broadcastReferralToAdmins(trx, now, { referralId: referral.id, kind: 'ADMIN_CALL_PROOF_WAITING' });
      return row.id;
    });
    return await getCallProofItem(db, id);
  } catch (error) {
    // The rows were rolled back: the stored object must not outlive them.
    if (storedKey) await discardStoredObject(storage, storedKey);
    throw error;
  }
}

export async function removeCallProof(deps: AppDeps, recruiterId: number, callProofId: number): Promise<void> {
  const { db, storage } = deps;
  const at = deps.now().toISOString();
  const storageKey = await db.transaction().execute(async (trx) => {
    const proof = await trx
      .selectFrom('call_proofs')
      .innerJoin('referrals', 'referrals.id', 'call_proofs.referral_id')
      .innerJoin('files', 'files.id', 'call_proofs.file_id')
      .select([
        'call_proofs.id',
        'call_proofs.referral_id',
        'call_proofs.file_id',
        'call_proofs.review_status',
        'files.original_name',
        'files.storage_key',
      ])
      .where('call_proofs.id', '=', callProofId)
      .where('referrals.recruiter_id', '=', recruiterId)
      .executeTakeFirst();
    if (!proof) throw notFound('Call proof');
    const reviewed = () =>
      new AppError('CONFLICT', 409, 'This call proof has been reviewed and can no longer be deleted.');
    if (proof.review_status !== 'NEED_REVIEW') throw reviewed();
    // The status is checked again in the DELETE: an admin's review may land between the two.
    const deleted = await trx
      .deleteFrom('call_proofs')
      .where('id', '=', proof.id)
      .where('review_status', '=', 'NEED_REVIEW')
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw reviewed();
    await recordChange(trx, {
      referralIds: [proof.referral_id],
      actorId: recruiterId,
      action: 'CALL_PROOF_DELETED',
      from: 'NEED_REVIEW',
      to: null,
      note: proof.original_name,
      at,
    });
    await trx.deleteFrom('files').where('id', '=', proof.file_id).execute();
    return proof.storage_key;
  });
  // After the commit: a failed delete leaves an unused object, never a row without its file.
  await discardStoredObject(storage, storageKey);
}
