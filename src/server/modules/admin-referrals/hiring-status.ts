import type { AppDeps } from '#src/server/context.ts';
import { isPostgres } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { recordChange } from '#src/server/modules/referrals/referral-history.ts';
import { notifyReferralRecruiter } from '#src/server/notifications/notify-referral.ts';
import { canMoveHiring, HIRING_TRANSITIONS, hiringMovesFor } from '#src/shared/admin-referral-schemas.ts';
import type { HiringChanged } from '#src/shared/admin-referral-types.ts';
import type { ConsentStatus, HiringStatus } from '#src/shared/enums.ts';

function refusal(from: HiringStatus, to: HiringStatus): AppError {
  const next = HIRING_TRANSITIONS[from];
  const why =
    next.length === 0
      ? `${from} is final.`
      : from === to
        ? `it is ${from} already.`
        : `from ${from} it can move to ${next.join(', ')}.`;
  return new AppError('CONFLICT', 409, `The hiring status cannot move from ${from} to ${to}: ${why}`, {
    to: 'hiring_transition_refused',
  });
}

function needsConsent(to: HiringStatus, consent: ConsentStatus): AppError {
  return new AppError(
    'CONFLICT',
    409,
    `The hiring status cannot move to ${to} before the talent has confirmed consent (consent is ${consent}): only then is their profile put before the hiring company.`,
    { to: 'hiring_needs_consent' },
  );
}

/**
 * Moves a referral's hiring status along PRODUCT.md's state machine; anything else is refused (409), and so
 * is a move forward before the talent has confirmed consent (hiringMovesFor).
 * The reason (required for a final move by the schema) is stored on the referral for the recruiter's
 * screen and in the history; the recruiter's e-mail is queued in the same transaction, one per move.
 */
export async function changeHiringStatus(
  deps: AppDeps,
  adminId: number,
  referralId: number,
  input: { to: HiringStatus; reason?: string },
): Promise<HiringChanged> {
  const now = deps.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const referral = await trx
      .selectFrom('referrals')
      .select(['id', 'hiring_status', 'consent_status', 'recruiter_id', 'talent_id', 'task_id'])
      .where('id', '=', referralId)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!referral) throw notFound('Referral');
    const from = referral.hiring_status;
    if (!canMoveHiring(from, input.to)) throw refusal(from, input.to);
    if (!hiringMovesFor(from, referral.consent_status).includes(input.to))
      throw needsConsent(input.to, referral.consent_status);
    const reason = input.reason ?? null;
    await trx
      .updateTable('referrals')
      .set({ hiring_status: input.to, hiring_reason: reason })
      .where('id', '=', referralId)
      .where('hiring_status', '=', from)
      .execute();
    await recordChange(trx, {
      referralIds: [referralId],
      actorId: adminId,
      action: 'HIRING_CHANGED',
      from,
      to: input.to,
      note: reason,
      at,
    });
    await notifyReferralRecruiter(
      trx,
      { env: deps.env, now },
      {
        referralId,
        kind: 'HIRING_CHANGED',
        payload: { status: input.to, reason },
        template: 'hiring_changed',
        emailPayload: { status: input.to, reason },
        page: 'hiring-status',
      },
    );
    return { referralId, hiringStatus: input.to, hiringNext: hiringMovesFor(input.to, referral.consent_status) };
  });
}
