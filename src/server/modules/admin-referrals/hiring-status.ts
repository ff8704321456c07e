import { canMoveHiring, HIRING_TRANSITIONS } from '../../../shared/admin-referral-schemas';
import type { HiringChanged } from '../../../shared/admin-referral-types';
import type { HiringStatus } from '../../../shared/enums';
import type { AppDeps } from '../../context';
import { isPostgres } from '../../db/connect';
import { AppError, notFound } from '../../errors';
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

/** Moves a referral's hiring status along PRODUCT.md's state machine; anything else is refused (409). */
export async function changeHiringStatus(
  deps: AppDeps,
  adminId: number,
  referralId: number,
  input: { to: HiringStatus; note?: string },
): Promise<HiringChanged> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const referral = await trx
      .selectFrom('referrals')
      .select(['id', 'hiring_status'])
      .where('id', '=', referralId)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!referral) throw notFound('Referral');
    const from = referral.hiring_status;
    if (!canMoveHiring(from, input.to)) throw refusal(from, input.to);
    await trx
      .updateTable('referrals')
      .set({ hiring_status: input.to })
      .where('id', '=', referralId)
      .where('hiring_status', '=', from)
      .execute();
    await recordChange(trx, {
      referralIds: [referralId],
      actorId: adminId,
      action: 'HIRING_CHANGED',
      from,
      to: input.to,
      note: input.note,
      at,
    });
    return { referralId, hiringStatus: input.to, hiringNext: [...HIRING_TRANSITIONS[input.to]] };
  });
}
