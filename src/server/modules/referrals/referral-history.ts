import type { DB } from '#src/server/db/connect.ts';

// History actions written with a change to the referral: admins' decisions and the recruiter's call
// proofs (the referral's creation, its links and the talent's answers write their entries themselves).
export type ChangeAction =
  | 'HIRING_CHANGED'
  | 'CALL_PROOF_REVIEWED'
  | 'REWARD_CHANGED'
  | 'CALL_PROOF_ADDED'
  | 'CALL_PROOF_DELETED';

export type HistoryChange = {
  referralIds: number[];
  actorId: number;
  action: ChangeAction;
  from: string | null;
  to: string | null;
  note?: string | null;
  at: string;
};

/** Appends one entry per referral to the append-only history, and dates the referrals' last change. */
export async function recordChange(trx: DB, change: HistoryChange): Promise<void> {
  if (change.referralIds.length === 0) return;
  await trx
    .insertInto('referral_history')
    .values(
      change.referralIds.map((referralId) => ({
        referral_id: referralId,
        actor_id: change.actorId,
        action: change.action,
        from_value: change.from,
        to_value: change.to,
        note: change.note ?? null,
        created_at: change.at,
      })),
    )
    .execute();
  await trx.updateTable('referrals').set({ updated_at: change.at }).where('id', 'in', change.referralIds).execute();
}
