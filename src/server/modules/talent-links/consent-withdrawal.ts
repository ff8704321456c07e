import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { notifyReferralRecruiter } from '#src/server/notifications/notify-referral.ts';
import { recordBroadcast } from '#src/server/notifications/record-event.ts';
import { voidOneTimeTokens } from '#src/server/security/one-time-tokens.ts';
import { canMoveHiring } from '#src/shared/admin-referral-schemas.ts';
import { TALENT_NOTICE_VERSION } from '#src/shared/constants.ts';
import type { HiringStatus } from '#src/shared/enums.ts';
import type { TalentDecision } from '#src/shared/recruiter-types.ts';

// The rules for a talent's withdrawal of consent, shared by the consent and ITA links and the data page.

export type AnswerContext = { locale: string; ip: string | null; userAgent: string | null };

// A referral is final once it is rejected or withdrawn, or its reward is decided: then the talent's
// consent has done its work, and a withdrawal would change nothing the recruiter could act on.
const FINAL_HIRING = ['REJECTED', 'WITHDRAWN'] as const;

/**
 * Whether the referral's consent may be withdrawn at all (it stands and the referral is not final), and
 * when it was withdrawn. Which link may do it is each caller's rule on top.
 */
export async function consentWithdrawal(
  db: DB,
  referralId: number,
): Promise<{ open: boolean; withdrawnAt: string | null }> {
  const referral = await db
    .selectFrom('referrals')
    .select(['consent_status', 'hiring_status', 'reward_status'])
    .where('id', '=', referralId)
    .executeTakeFirstOrThrow();
  const withdrawn = await db
    .selectFrom('talent_decisions')
    .select('created_at')
    .where('referral_id', '=', referralId)
    .where('kind', '=', 'CONSENT')
    .where('decision', '=', 'WITHDRAWN')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const open =
    referral.consent_status === 'CONFIRMED' &&
    !(FINAL_HIRING as readonly string[]).includes(referral.hiring_status) &&
    referral.reward_status === null;
  return { open, withdrawnAt: withdrawn?.created_at ?? null };
}

type TalentDecisionRecord = {
  referralId: number;
  tokenId: number;
  kind: 'CONSENT' | 'ITA';
  decision: TalentDecision | 'WITHDRAWN';
  // The referral's status before and after, for its history (a withdrawal turns CONFIRMED into DECLINED).
  from: string;
  to: string;
};

/**
 * Writes what the talent decided on a link twice, in the caller's transaction: as proof (time, notice
 * version, language and origin) and as a line of the referral's history, with no actor (the talent).
 */
export async function recordTalentDecision(trx: DB, record: TalentDecisionRecord, context: AnswerContext, at: string) {
  const { referralId, tokenId, kind, decision, from, to } = record;
  await trx
    .insertInto('talent_decisions')
    .values({
      referral_id: referralId,
      token_id: tokenId,
      kind,
      decision,
      notice_version: TALENT_NOTICE_VERSION,
      locale: context.locale,
      ip: context.ip,
      user_agent: context.userAgent,
      created_at: at,
    })
    .execute();
  await trx
    .insertInto('referral_history')
    .values({
      referral_id: referralId,
      actor_id: null,
      action: kind === 'CONSENT' ? 'CONSENT_CHANGED' : 'ITA_CHANGED',
      from_value: from,
      to_value: to,
      note: null,
      created_at: at,
    })
    .execute();
}

/**
 * The application ends with the consent (issue 42.5): a hiring status not final yet moves to WITHDRAWN
 * ("the candidate withdrew"), with its history line and no actor, as a company's answer moves it. The
 * history line is what the counters read (insight_counters triggers set lost_at from it, and recount the
 * referral's row from hiring_status), so the funnel shows where the application stopped. No reason: the
 * recruiter's screens say the consent was withdrawn, and the withdrawal's e-mail already told them.
 */
async function withdrawApplication(trx: DB, referralId: number, from: HiringStatus, at: string): Promise<void> {
  if (!canMoveHiring(from, 'WITHDRAWN')) return;
  const changed = await trx
    .updateTable('referrals')
    .set({ hiring_status: 'WITHDRAWN', hiring_reason: null, updated_at: at })
    .where('id', '=', referralId)
    .where('hiring_status', '=', from)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return;
  await trx
    .insertInto('referral_history')
    .values({
      referral_id: referralId,
      actor_id: null,
      action: 'HIRING_CHANGED',
      from_value: from,
      to_value: 'WITHDRAWN',
      note: null,
      created_at: at,
    })
    .execute();
}

/**
 * Withdraws a referral's consent, in the caller's transaction, once the caller has checked its link may:
 * the consent becomes DECLINED (so it can no longer be approved or get an ITA e-mail), a hiring status not
 * final yet becomes WITHDRAWN, an open ITA link is voided, the proof and the history are written, a
 * WITHDRAWAL request records when the retention job will erase the data (decided +
 * RETENTION_DECLINED_DAYS), and the recruiter's e-mail is queued. 409 CONFLICT when another withdrawal got
 * there first (the UPDATE re-checks the consent).
 */
export async function withdrawReferralConsent(
  trx: DB,
  deps: Pick<AppDeps, 'env'>,
  now: Date,
  withdrawal: { referralId: number; tokenId: number },
  context: AnswerContext,
): Promise<void> {
  const { referralId, tokenId } = withdrawal;
  const at = now.toISOString();
  const changed = await trx
    .updateTable('referrals')
    .set({ consent_status: 'DECLINED', consent_decided_at: at, updated_at: at })
    .where('id', '=', referralId)
    .where('consent_status', '=', 'CONFIRMED')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) {
    throw new AppError('CONFLICT', 409, 'There is no consent to withdraw on this link.', {
      decision: 'consent_already_withdrawn',
    });
  }
  // Without consent the talent is not asked to apply: an ITA link not yet answered stops working.
  await voidOneTimeTokens(trx, { kind: 'ITA', referralId }, now);
  await recordTalentDecision(
    trx,
    { referralId, tokenId, kind: 'CONSENT', decision: 'WITHDRAWN', from: 'CONFIRMED', to: 'DECLINED' },
    context,
    at,
  );
  const { talent_id: talentId, hiring_status: hiring } = await trx
    .selectFrom('referrals')
    .select(['talent_id', 'hiring_status'])
    .where('id', '=', referralId)
    .executeTakeFirstOrThrow();
  await withdrawApplication(trx, referralId, hiring as HiringStatus, at);
  // Open until the retention job erases the talent (the request goes with them); its clock is that date.
  await trx
    .insertInto('data_requests')
    .values({
      talent_id: talentId,
      referral_id: referralId,
      kind: 'WITHDRAWAL',
      message: null,
      status: 'OPEN',
      due_at: new Date(now.getTime() + deps.env.RETENTION_DECLINED_DAYS * 86_400_000).toISOString(),
      created_at: at,
      closed_at: null,
      closed_by: null,
      response: null,
    })
    .execute();
  await notifyReferralRecruiter(
    trx,
    { env: deps.env, now },
    { referralId, kind: 'CONSENT_WITHDRAWN', template: 'consent_withdrawn' },
  );
  await recordBroadcast(trx, now, {
    audience: 'ADMINS',
    kind: 'ADMIN_DATA_REQUEST',
    talentId,
    path: '/admin/data-protection?tab=requests',
    payload: { requestKind: 'WITHDRAWAL' },
  });
}
