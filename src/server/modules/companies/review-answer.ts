import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { broadcastReferralToAdmins, notifyReferralRecruiter } from '#src/server/notifications/notify-referral.ts';
import type { CompanyAnswer } from '#src/shared/company-schemas.ts';
import type { ReviewAnswered } from '#src/shared/company-types.ts';
import type { HiringStatus } from '#src/shared/enums.ts';
import { openShare } from './review.service';

// Issue 45: a company's answer about one candidate moves the referral's hiring status, by the state
// machine's steps: Shortlist to Screening, Interview to Interview (through Screening from Submitted), Not a
// fit to Rejected. Offered and Hired stay the admin's (they carry the money): from Offered, or once final,
// an answer is recorded and moves nothing. Each step is a history line with the contact as the actor; the
// recruiter hears of the move and the admins of the answer, through the notification centre.
//
// Exactly once: the referral's row is locked (PostgreSQL) and each step is a compare-and-set on its status,
// so when two contacts answer at the same moment the second finds the status moved and moves nothing more.

const MOVES: Record<CompanyAnswer, Partial<Record<HiringStatus, HiringStatus[]>>> = {
  SHORTLIST: { SUBMITTED: ['SCREENING'] },
  INTERVIEW: { SUBMITTED: ['SCREENING', 'INTERVIEW'], SCREENING: ['INTERVIEW'] },
  NOT_A_FIT: { SUBMITTED: ['REJECTED'], SCREENING: ['REJECTED'], INTERVIEW: ['REJECTED'] },
};

/** The recruiter hears that a referral's hiring status moved, and why (the app, a push and an e-mail). */
const tellRecruiterHiringMoved = (
  trx: DB,
  deps: AppDeps,
  now: Date,
  referralId: number,
  status: HiringStatus,
  reason: string | null,
) =>
  notifyReferralRecruiter(
    trx,
    { env: deps.env, now },
    {
      referralId,
      kind: 'HIRING_CHANGED',
      payload: { status, reason },
      template: 'hiring_changed',
      emailPayload: { status, reason },
      page: 'hiring-status',
    },
  );

type AnswerInput = { referralId: number; answer: CompanyAnswer; reason?: string; comment?: string };

const alreadyAnswered = () =>
  new AppError('CONFLICT', 409, 'You have answered for this candidate already.', { answer: 'already_answered' });
const unavailable = () =>
  new AppError('NOT_FOUND', 404, 'This candidate is no longer available.', { referralId: 'candidate_unavailable' });

export async function answerReview(deps: AppDeps, token: string, input: AnswerInput): Promise<ReviewAnswered> {
  const now = deps.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const share = await openShare(trx, token, now);
    const line = await trx
      .selectFrom('company_share_referrals')
      .select('id')
      .where('share_id', '=', share.id)
      .where('referral_id', '=', input.referralId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!line) throw new AppError('NOT_FOUND', 404, 'This candidate is not on this link.');
    const referral = await trx
      .selectFrom('referrals')
      .innerJoin('talents', 'talents.id', 'referrals.talent_id')
      .select(['referrals.id', 'referrals.task_id', 'referrals.hiring_status', 'referrals.consent_status'])
      .select('talents.erased_at')
      .where('referrals.id', '=', input.referralId)
      .$if(isPostgres(trx), (q) => q.forUpdate('referrals'))
      .executeTakeFirst();
    if (
      !referral ||
      referral.task_id !== share.taskId ||
      referral.consent_status !== 'CONFIRMED' ||
      referral.erased_at !== null
    ) {
      throw unavailable();
    }
    const given = await trx
      .selectFrom('company_answers')
      .select('id')
      .where('share_id', '=', share.id)
      .where('referral_id', '=', input.referralId)
      .executeTakeFirst();
    if (given) throw alreadyAnswered();

    const from = referral.hiring_status;
    const steps = MOVES[input.answer][from] ?? [];
    const moved = await moveHiring(trx, input.referralId, from, steps, share.contactId, input.reason ?? null, at);
    const to = moved ? (steps.at(-1) as HiringStatus) : from;

    const saved = await trx
      .insertInto('company_answers')
      .values({
        share_id: share.id,
        referral_id: input.referralId,
        contact_id: share.contactId,
        answer: input.answer,
        reason: input.reason ?? null,
        comment: input.comment ?? null,
        moved_from: moved ? from : null,
        moved_to: moved ? to : null,
        answered_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    if (moved) {
      await tellRecruiterHiringMoved(
        trx,
        deps,
        now,
        input.referralId,
        to,
        to === 'REJECTED' ? (input.reason ?? null) : null,
      );
    }
    const company = await trx
      .selectFrom('companies')
      .select('name')
      .where('id', '=', share.companyId)
      .executeTakeFirstOrThrow();
    await broadcastReferralToAdmins(trx, now, {
      referralId: input.referralId,
      kind: 'ADMIN_COMPANY_ANSWER',
      payload: { companyName: company.name, answer: input.answer, status: to },
    });
    return {
      referralId: input.referralId,
      answer: {
        id: saved.id,
        answer: input.answer,
        reason: input.reason ?? null,
        comment: input.comment ?? null,
        answeredAt: at,
        moved: moved ? { from, to } : null,
      },
      hiringStatus: to,
      moved,
    };
  });
}

/**
 * Takes the steps, each a compare-and-set on the status with its history line (the contact as the actor:
 * `company_contact_id`, no user). False when the first step finds the status moved by someone else.
 */
async function moveHiring(
  trx: DB,
  referralId: number,
  from: HiringStatus,
  steps: HiringStatus[],
  contactId: number,
  reason: string | null,
  at: string,
): Promise<boolean> {
  let current = from;
  for (const next of steps) {
    const stepReason = next === 'REJECTED' ? reason : null;
    const changed = await trx
      .updateTable('referrals')
      .set({ hiring_status: next, hiring_reason: stepReason, updated_at: at })
      .where('id', '=', referralId)
      .where('hiring_status', '=', current)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      // Only the first step can find the status moved (the row is ours after it): nothing was done.
      if (current === from) return false;
      throw new AppError('CONFLICT', 409, 'The hiring status changed meanwhile. Please reload.');
    }
    await trx
      .insertInto('referral_history')
      .values({
        referral_id: referralId,
        actor_id: null,
        company_contact_id: contactId,
        action: 'HIRING_CHANGED',
        from_value: current,
        to_value: next,
        note: stepReason,
        created_at: at,
      })
      .execute();
    current = next;
  }
  return steps.length > 0;
}

/**
 * An admin reverses the hiring move a company's answer made (issue 45), with a reason: the referral goes
 * back to the status it had, with an admin's history line and the recruiter told. Only while the referral
 * is still where the answer put it (409 otherwise: it moved since, and Hiring Status is where to change it).
 */
export async function reverseCompanyAnswer(
  deps: AppDeps,
  adminId: number,
  answerId: number,
  reason: string,
): Promise<{ referralId: number; hiringStatus: HiringStatus }> {
  const now = deps.now();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const answer = await trx
      .selectFrom('company_answers')
      .select(['referral_id', 'moved_from', 'moved_to'])
      .where('id', '=', answerId)
      .executeTakeFirst();
    if (!answer) throw new AppError('NOT_FOUND', 404, 'Answer not found.');
    if (answer.moved_from === null || answer.moved_to === null) {
      throw new AppError('CONFLICT', 409, 'This answer moved nothing: there is no move to reverse.', {
        answer: 'answer_moved_nothing',
      });
    }
    const from = answer.moved_to as HiringStatus;
    const to = answer.moved_from as HiringStatus;
    const changed = await trx
      .updateTable('referrals')
      .set({ hiring_status: to, hiring_reason: reason, updated_at: at })
      .where('id', '=', answer.referral_id)
      .where('hiring_status', '=', from)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      throw new AppError(
        'CONFLICT',
        409,
        "The hiring status has changed since the company's answer: change it on Hiring Status.",
        { answer: 'hiring_moved_since' },
      );
    }
    await trx
      .insertInto('referral_history')
      .values({
        referral_id: answer.referral_id,
        actor_id: adminId,
        action: 'HIRING_CHANGED',
        from_value: from,
        to_value: to,
        note: reason,
        created_at: at,
      })
      .execute();
    await tellRecruiterHiringMoved(trx, deps, now, answer.referral_id, to, reason);
    return { referralId: answer.referral_id, hiringStatus: to };
  });
}
