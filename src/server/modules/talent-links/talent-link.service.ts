import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { broadcastReferralToAdmins, notifyReferralRecruiter } from '#src/server/notifications/notify-referral.ts';
import { retentionPolicy } from '#src/server/personal-data/retention-policy.ts';
import { consumeOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import { sha256 } from '#src/server/security/tokens.ts';
import { TALENT_NOTICE_VERSION } from '#src/shared/constants.ts';
import type { TalentDecision, TalentLinkView } from '#src/shared/recruiter-types.ts';
import {
  type AnswerContext,
  consentWithdrawal,
  recordTalentDecision,
  withdrawReferralConsent,
} from './consent-withdrawal';

export type LinkKind = 'CONSENT' | 'ITA';
export type { AnswerContext };

type TokenRow = {
  id: number;
  referral_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  voided_at: string | null;
};

const invalidToken = () =>
  new AppError('INVALID_TOKEN', 404, 'This link is not valid. Please check that you opened the whole link.');

// Looks the token up without using it. A token of the other kind is unknown here: a consent link never
// answers an ITA question.
export async function findToken(db: DB, kind: LinkKind, token: string): Promise<TokenRow & { referral_id: number }> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select(['id', 'referral_id', 'created_at', 'expires_at', 'used_at', 'voided_at'])
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.referral_id === null) throw invalidToken();
  return { ...row, referral_id: row.referral_id };
}

export const stateOf = (row: TokenRow, now: Date): TalentLinkView['state'] => {
  if (row.used_at !== null) return 'USED';
  if (row.voided_at !== null || row.expires_at <= now.toISOString()) return 'EXPIRED';
  return 'OPEN';
};

// Whom the talent answers and for which job: the recruiter's name and the task, no other personal data.
async function buildView(
  { db, env }: Pick<AppDeps, 'db' | 'env'>,
  kind: LinkKind,
  row: TokenRow & { referral_id: number },
  state: TalentLinkView['state'],
  answer: { decision: TalentDecision; decidedAt: string } | null,
): Promise<TalentLinkView> {
  const info = await db
    .selectFrom('referrals')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .innerJoin('users', 'users.id', 'referrals.recruiter_id')
    .select(['users.full_name as recruiterName', 'tasks.title', 'tasks.company', 'tasks.location'])
    .where('referrals.id', '=', row.referral_id)
    .executeTakeFirst();
  if (!info) throw invalidToken();
  const withdrawal = await withdrawalOf(db, kind, row, state);
  return {
    kind,
    state,
    recruiterName: info.recruiterName,
    taskTitle: info.title,
    company: info.company,
    location: info.location,
    decision: answer?.decision ?? null,
    decidedAt: answer?.decidedAt ?? null,
    expiresAt: row.expires_at,
    noticeVersion: TALENT_NOTICE_VERSION,
    retention: retentionPolicy(env),
    ...withdrawal,
  };
}

/**
 * Whether this link may withdraw the talent's consent, and when it was withdrawn. A consent link keeps
 * that power after it was used to confirm (it is bound to the same token hash, and only to that link's
 * own confirmation); an ITA link has it while it is not expired or replaced. Either way only while the
 * consent stands and the referral is not final (consent-withdrawal.ts).
 */
async function withdrawalOf(
  db: DB,
  kind: LinkKind,
  row: TokenRow & { referral_id: number },
  state: TalentLinkView['state'],
): Promise<Pick<TalentLinkView, 'withdrawable' | 'withdrawnAt'>> {
  const { open, withdrawnAt } = await consentWithdrawal(db, row.referral_id);
  let linkCan: boolean;
  if (kind === 'ITA') linkCan = state !== 'EXPIRED';
  else linkCan = state === 'USED' && (await latestAnswer(db, row.id))?.decision === 'CONFIRMED';
  return { withdrawable: open && linkCan, withdrawnAt };
}

// The answer given on this link (a later withdrawal is not an answer to the link's question).
const latestAnswer = (db: DB, tokenId: number) =>
  db
    .selectFrom('talent_decisions')
    .select(['decision', 'created_at'])
    .where('token_id', '=', tokenId)
    .where('decision', '!=', 'WITHDRAWN')
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** What a consent or ITA link shows, without using it up; 404 INVALID_TOKEN for an unknown token. */
export async function viewTalentLink(deps: AppDeps, kind: LinkKind, token: string): Promise<TalentLinkView> {
  const { db, now } = deps;
  const row = await findToken(db, kind, token);
  const state = stateOf(row, now());
  let answer: { decision: TalentDecision; decidedAt: string } | null = null;
  if (state === 'USED') {
    const decision = await latestAnswer(db, row.id);
    if (decision && decision.decision !== 'WITHDRAWN') {
      answer = { decision: decision.decision, decidedAt: decision.created_at };
    }
  }
  return buildView(deps, kind, row, state, answer);
}

/**
 * Records the talent's answer (single use, atomic), with time, notice version, language and origin as
 * proof, writes the referral's history and e-mails the recruiter. An expired or used link answers 410
 * TOKEN_EXPIRED or 409 CONFLICT; an unknown one 404 INVALID_TOKEN.
 */
export async function answerTalentLink(
  deps: AppDeps,
  kind: LinkKind,
  token: string,
  decision: TalentDecision,
  context: AnswerContext,
): Promise<TalentLinkView> {
  const { db, env } = deps;
  const now = deps.now();
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    // One UPDATE decides who uses the token; a concurrent second answer waits for it and finds it used.
    const used = await consumeOneTimeToken(trx, kind, token, now);
    if (!used?.referral_id) {
      const row = await findToken(trx, kind, token);
      if (row.used_at !== null) throw new AppError('CONFLICT', 409, 'This link has already been answered.');
      throw new AppError(
        'TOKEN_EXPIRED',
        410,
        'This link has expired or was replaced by a newer one. Please ask your recruiter for a new link.',
      );
    }
    const referralId = used.referral_id;

    const column = kind === 'CONSENT' ? 'consent_status' : 'ita_status';
    const from = kind === 'CONSENT' ? 'PENDING' : 'SENT';
    const changed = await trx
      .updateTable('referrals')
      .set(
        kind === 'CONSENT'
          ? { consent_status: decision, consent_decided_at: at, updated_at: at }
          : { ita_status: decision, ita_decided_at: at, updated_at: at },
      )
      .where('id', '=', referralId)
      .where(column, '=', from)
      .executeTakeFirst();
    // A live link always belongs to a question still open (a new link voids the old one); this guards
    // against a state changed some other way, and rolls the token use back with it.
    if (Number(changed.numUpdatedRows) !== 1) {
      throw new AppError('CONFLICT', 409, 'This question has already been answered.');
    }

    await recordTalentDecision(trx, { referralId, tokenId: used.id, kind, decision, from, to: decision }, context, at);

    await notifyReferralRecruiter(
      trx,
      { env, now },
      {
        referralId,
        kind: `${kind}_${decision}`,
        template: 'talent_answered',
        emailPayload: { kind, decision },
      },
    );
    // A confirmed consent makes the referral wait for an admin's reward decision.
    if (kind === 'CONSENT' && decision === 'CONFIRMED')
      await broadcastReferralToAdmins(trx, now, { referralId, kind: 'ADMIN_REWARD_WAITING' });

    const row = await findToken(trx, kind, token);
    return buildView({ db: trx, env }, kind, row, 'USED', { decision, decidedAt: at });
  });
}

/**
 * The talent withdraws the consent they gave, from their consent link (after confirming) or an ITA link.
 * Atomic: the referral's consent becomes DECLINED (so it can no longer be approved or get an ITA e-mail),
 * an open ITA link is voided, the proof and the history are written and the recruiter's e-mail is queued,
 * all or nothing. Refusals: 404 INVALID_TOKEN (unknown), 410 TOKEN_EXPIRED (expired or replaced before it
 * was answered), 409 CONFLICT (nothing to withdraw: never confirmed, withdrawn already, or final).
 */
export async function withdrawConsent(
  deps: AppDeps,
  kind: LinkKind,
  token: string,
  context: AnswerContext,
): Promise<TalentLinkView> {
  const { db, env } = deps;
  const now = deps.now();
  return db.transaction().execute(async (trx) => {
    const row = await findToken(trx, kind, token);
    const state = stateOf(row, now);
    const { withdrawable, withdrawnAt } = await withdrawalOf(trx, kind, row, state);
    if (!withdrawable) {
      if (withdrawnAt === null && state === 'EXPIRED') {
        throw new AppError(
          'TOKEN_EXPIRED',
          410,
          'This link has expired or was replaced by a newer one. Please ask your recruiter for a new link.',
        );
      }
      throw new AppError('CONFLICT', 409, 'There is no consent to withdraw on this link.', {
        decision: withdrawnAt === null ? 'consent_not_withdrawable' : 'consent_already_withdrawn',
      });
    }
    await withdrawReferralConsent(trx, deps, now, { referralId: row.referral_id, tokenId: row.id }, context);
    const fresh = await findToken(trx, kind, token);
    return buildView({ db: trx, env }, kind, fresh, stateOf(fresh, now), await answerOf(trx, row.id));
  });
}

const answerOf = async (db: DB, tokenId: number) => {
  const answer = await latestAnswer(db, tokenId);
  return answer && answer.decision !== 'WITHDRAWN' ? { decision: answer.decision, decidedAt: answer.created_at } : null;
};
