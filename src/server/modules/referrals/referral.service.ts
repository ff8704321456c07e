import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { LINK_RESEND_INTERVAL_SECONDS } from '#src/shared/constants.ts';
import {
  type CallProofItem,
  isReferralClosed,
  type ReferralDetail,
  type ReferralSummary,
} from '#src/shared/recruiter-types.ts';
import type { TalentListQuery } from '#src/shared/talent-schemas.ts';
import { createCallProof, removeCallProof } from './call-proofs';
import { findMyReferral } from './my-referral';
import { buildReferralDetail } from './referral-detail';
import { listReferralSummaries } from './referral-summaries';
import { lastLinkSentAt, limitTalentMail, sendTalentLink, type TalentLinkKind } from './talent-link-mail';

export type LinkSent = { sentAt: string; resendAt: string };
export type CallProofFields = { referralId: number; calledAt: string; note?: string };

/** talent-view: the recruiter's referrals across tasks, as a flat list. */
export async function listMyReferrals(
  deps: AppDeps,
  recruiterId: number,
  query: TalentListQuery,
): Promise<ListPage<ReferralSummary>> {
  const { page, pageSize } = query;
  const { items, total } = await listReferralSummaries(
    deps.db,
    {
      recruiterId,
      taskId: query.taskId,
      search: query.search || undefined,
      consent: query.consent,
      hiring: query.hiring,
      reward: query.reward,
    },
    { page, pageSize },
  );
  return { items, page, pageSize, total };
}

/** One of the recruiter's referrals with call proofs and history; 404 for another recruiter's. */
export async function getMyReferral(deps: AppDeps, recruiterId: number, referralId: number): Promise<ReferralDetail> {
  const referral = await findMyReferral(deps.db, recruiterId, referralId);
  return buildReferralDetail(deps.db, referral, deps.now());
}

export async function addCallProof(
  deps: AppDeps,
  recruiterId: number,
  fields: CallProofFields,
  file: File | undefined,
): Promise<CallProofItem> {
  return createCallProof(deps, recruiterId, fields, file);
}

/** Deletes a call proof while it is NEED_REVIEW (and its file); 404 for another recruiter's. */
export async function deleteCallProof(deps: AppDeps, recruiterId: number, callProofId: number): Promise<void> {
  return removeCallProof(deps, recruiterId, callProofId);
}

const INTERVAL_MS = LINK_RESEND_INTERVAL_SECONDS * 1000;

// At most one link of a kind per referral per interval, counted from the last one sent (the referral's
// creation sends the first consent link).
async function assertResendAllowed(db: DB, referralId: number, kind: TalentLinkKind, now: Date): Promise<void> {
  const last = await lastLinkSentAt(db, referralId, kind);
  if (!last) return;
  const waitMs = Date.parse(last) + INTERVAL_MS - now.getTime();
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(
    'RATE_LIMITED',
    429,
    `A new link can be sent once every ${LINK_RESEND_INTERVAL_SECONDS / 60} minutes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

/** A closed referral (hiring final or reward paid) sends the talent nothing more: 409 REFERRAL_CLOSED. */
export function assertReferralOpen(referral: { hiring_status: string; reward_status: string | null }): void {
  const closed = isReferralClosed({ hiringStatus: referral.hiring_status, rewardStatus: referral.reward_status });
  if (closed) {
    throw new AppError('REFERRAL_CLOSED', 409, 'This referral is closed: no more e-mails can be sent to the talent.');
  }
}

const linkSent = (sentAt: string): LinkSent => ({
  sentAt,
  resendAt: new Date(Date.parse(sentAt) + INTERVAL_MS).toISOString(),
});

/** A new consent link for a talent who has not answered yet; the old link stops working. */
export async function resendConsent(deps: AppDeps, recruiterId: number, referralId: number): Promise<LinkSent> {
  const now = deps.now();
  const { sentAt } = await deps.db.transaction().execute(async (trx) => {
    const referral = await findMyReferral(trx, recruiterId, referralId, true);
    assertReferralOpen(referral);
    if (referral.consent_status !== 'PENDING') {
      throw new AppError('CONFLICT', 409, 'The talent has already answered the consent request.');
    }
    await assertResendAllowed(trx, referralId, 'CONSENT', now);
    await limitTalentMail(trx, recruiterId, now);
    return sendTalentLink(trx, deps, { referralId, kind: 'CONSENT', actorId: recruiterId, resend: true, now });
  });
  return linkSent(sentAt);
}

/** The intent-to-apply link (first send or resend), once the talent has confirmed consent. */
export async function sendIta(deps: AppDeps, recruiterId: number, referralId: number): Promise<LinkSent> {
  const now = deps.now();
  const { sentAt } = await deps.db.transaction().execute(async (trx) => {
    const referral = await findMyReferral(trx, recruiterId, referralId, true);
    assertReferralOpen(referral);
    if (referral.consent_status !== 'CONFIRMED') {
      throw new AppError('CONFLICT', 409, 'The talent has not confirmed consent yet.');
    }
    if (referral.ita_status !== 'NOT_SENT' && referral.ita_status !== 'SENT') {
      throw new AppError('CONFLICT', 409, 'The talent has already answered the intent-to-apply request.');
    }
    await assertResendAllowed(trx, referralId, 'ITA', now);
    await limitTalentMail(trx, recruiterId, now);
    return sendTalentLink(trx, deps, {
      referralId,
      kind: 'ITA',
      actorId: recruiterId,
      resend: referral.ita_status === 'SENT',
      now,
    });
  });
  return linkSent(sentAt);
}

/**
 * Saves the recruiter's note on their referral (an empty note clears it); 404 for another recruiter's.
 * The history records status changes and links sent, not note edits: no entry is added.
 */
export async function saveReferralNote(
  deps: AppDeps,
  recruiterId: number,
  referralId: number,
  note: string,
): Promise<{ recruiterNote: string | null }> {
  const recruiterNote = note === '' ? null : note;
  const at = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('referrals')
      .select('recruiter_note')
      .where('id', '=', referralId)
      .where('recruiter_id', '=', recruiterId)
      .executeTakeFirst();
    if (!current) throw notFound('Referral');
    // Saving the same text again (a retried save, Accept after no change) is not an edit.
    if (current.recruiter_note === recruiterNote) return;
    await trx
      .updateTable('referrals')
      .set({ recruiter_note: recruiterNote, updated_at: at })
      .where('id', '=', referralId)
      .execute();
    // The history says who changed the note and when; the note itself is on the referral (the hiring
    // team reads the latest), so the entry does not copy it.
    await trx
      .insertInto('referral_history')
      .values({
        referral_id: referralId,
        actor_id: recruiterId,
        action: 'NOTE_EDITED',
        from_value: null,
        to_value: null,
        note: null,
        created_at: at,
      })
      .execute();
  });
  return { recruiterNote };
}
