import { canMoveHiring, HIRING_TRANSITIONS } from '../../../shared/admin-referral-schemas';
import type { HiringChanged } from '../../../shared/admin-referral-types';
import { type HiringStatus, toAppLocale } from '../../../shared/enums';
import type { AppDeps } from '../../context';
import { type DB, isPostgres } from '../../db/connect';
import { AppError, notFound } from '../../errors';
import { appLink } from '../../mail/app-link';
import { enqueueEmail } from '../../mail/outbox';
import { recordChange } from './referral-history';

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

/**
 * Moves a referral's hiring status along PRODUCT.md's state machine; anything else is refused (409).
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
      .select(['id', 'hiring_status', 'recruiter_id', 'talent_id', 'task_id'])
      .where('id', '=', referralId)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!referral) throw notFound('Referral');
    const from = referral.hiring_status;
    if (!canMoveHiring(from, input.to)) throw refusal(from, input.to);
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
    await queueHiringEmail(trx, deps.env.APP_URL, { referralId, status: input.to, reason, now });
    return { referralId, hiringStatus: input.to, hiringNext: [...HIRING_TRANSITIONS[input.to]] };
  });
}

/** `hiring_changed` to the referral's recruiter, in their language (payload keys: mail/templates.ts). */
async function queueHiringEmail(
  trx: DB,
  appUrl: string,
  values: { referralId: number; status: HiringStatus; reason: string | null; now: Date },
): Promise<void> {
  const row = await trx
    .selectFrom('referrals')
    .innerJoin('users', 'users.id', 'referrals.recruiter_id')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .select([
      'users.email',
      'users.full_name as recruiterName',
      'users.locale',
      'talents.id as talentId',
      'talents.full_name as talentName',
      'tasks.title as taskTitle',
    ])
    .where('referrals.id', '=', values.referralId)
    .executeTakeFirstOrThrow();
  const locale = toAppLocale(row.locale);
  await enqueueEmail(
    trx,
    {
      to: row.email,
      locale,
      template: 'hiring_changed',
      payload: {
        name: row.recruiterName,
        talentName: row.talentName,
        taskTitle: row.taskTitle,
        status: values.status,
        reason: values.reason,
        link: appLink(appUrl, locale, `/talents-folder/${row.talentId}/hiring-status`),
      },
    },
    values.now,
  );
}
