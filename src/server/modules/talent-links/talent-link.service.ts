import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { queueRecruiterNotice } from '#src/server/mail/recruiter-notice.ts';
import { consumeOneTimeToken, voidOneTimeTokens } from '#src/server/security/one-time-tokens.ts';
import { sha256 } from '#src/server/security/tokens.ts';
import { TALENT_NOTICE_VERSION } from '#src/shared/constants.ts';
import type { TalentDecision, TalentLinkView } from '#src/shared/recruiter-types.ts';

export type LinkKind = 'CONSENT' | 'ITA';
export type AnswerContext = { locale: string; ip: string | null; userAgent: string | null };

type TokenRow = {
  id: number;
  referral_id: number | null;
  expires_at: string;
  used_at: string | null;
  voided_at: string | null;
};

const invalidToken = () =>
  new AppError('INVALID_TOKEN', 404, 'This link is not valid. Please check that you opened the whole link.');

// Looks the token up without using it. A token of the other kind is unknown here: a consent link never
// answers an ITA question.
async function findToken(db: DB, kind: LinkKind, token: string): Promise<TokenRow & { referral_id: number }> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select(['id', 'referral_id', 'expires_at', 'used_at', 'voided_at'])
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.referral_id === null) throw invalidToken();
  return { ...row, referral_id: row.referral_id };
}

const stateOf = (row: TokenRow, now: Date): TalentLinkView['state'] => {
  if (row.used_at !== null) return 'USED';
  if (row.voided_at !== null || row.expires_at <= now.toISOString()) return 'EXPIRED';
  return 'OPEN';
};

// Whom the talent answers and for which job: the recruiter's name and the task, no other personal data.
async function buildView(
  db: DB,
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
    ...withdrawal,
  };
}

// A referral is final once it is rejected or withdrawn, or its reward is decided: then the talent's
// consent has done its work, and a withdrawal would change nothing the recruiter could act on.
const FINAL_HIRING = ['REJECTED', 'WITHDRAWN'] as const;

/**
 * Whether this link may withdraw the talent's consent, and when it was withdrawn. A consent link keeps
 * that power after it was used to confirm (it is bound to the same token hash, and only to that link's
 * own confirmation); an ITA link has it while it is not expired or replaced. Either way only while the
 * consent stands and the referral is not final.
 */
async function withdrawalOf(
  db: DB,
  kind: LinkKind,
  row: TokenRow & { referral_id: number },
  state: TalentLinkView['state'],
): Promise<Pick<TalentLinkView, 'withdrawable' | 'withdrawnAt'>> {
  const referral = await db
    .selectFrom('referrals')
    .select(['consent_status', 'hiring_status', 'reward_status'])
    .where('id', '=', row.referral_id)
    .executeTakeFirstOrThrow();
  const withdrawn = await db
    .selectFrom('talent_decisions')
    .select('created_at')
    .where('referral_id', '=', row.referral_id)
    .where('kind', '=', 'CONSENT')
    .where('decision', '=', 'WITHDRAWN')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const open =
    referral.consent_status === 'CONFIRMED' &&
    !(FINAL_HIRING as readonly string[]).includes(referral.hiring_status) &&
    referral.reward_status === null;
  let linkCan: boolean;
  if (kind === 'ITA') linkCan = state !== 'EXPIRED';
  else linkCan = state === 'USED' && (await latestAnswer(db, row.id))?.decision === 'CONFIRMED';
  return { withdrawable: open && linkCan, withdrawnAt: withdrawn?.created_at ?? null };
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

type TalentDecisionRecord = {
  referralId: number;
  tokenId: number;
  kind: LinkKind;
  decision: TalentDecision | 'WITHDRAWN';
  // The referral's status before and after, for its history (a withdrawal turns CONFIRMED into DECLINED).
  from: string;
  to: string;
};

/**
 * Writes what the talent decided on a link twice, in the caller's transaction: as proof (time, notice
 * version, language and origin) and as a line of the referral's history, with no actor (the talent).
 */
async function recordTalentDecision(trx: DB, record: TalentDecisionRecord, context: AnswerContext, at: string) {
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
  return buildView(db, kind, row, state, answer);
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

    await queueRecruiterNotice(trx, env.APP_URL, now, {
      referralId,
      template: 'talent_answered',
      payload: { kind, decision },
    });

    const row = await findToken(trx, kind, token);
    return buildView(trx, kind, row, 'USED', { decision, decidedAt: at });
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
  const at = now.toISOString();
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
    // The UPDATE re-checks the consent, so of two withdrawals at once exactly one changes the referral.
    const changed = await trx
      .updateTable('referrals')
      .set({ consent_status: 'DECLINED', consent_decided_at: at, updated_at: at })
      .where('id', '=', row.referral_id)
      .where('consent_status', '=', 'CONFIRMED')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      throw new AppError('CONFLICT', 409, 'There is no consent to withdraw on this link.', {
        decision: 'consent_already_withdrawn',
      });
    }
    // Without consent the talent is not asked to apply: an ITA link not yet answered stops working.
    await voidOneTimeTokens(trx, { kind: 'ITA', referralId: row.referral_id }, now);
    await recordTalentDecision(
      trx,
      {
        referralId: row.referral_id,
        tokenId: row.id,
        kind: 'CONSENT',
        decision: 'WITHDRAWN',
        from: 'CONFIRMED',
        to: 'DECLINED',
      },
      context,
      at,
    );

    await queueRecruiterNotice(trx, env.APP_URL, now, { referralId: row.referral_id, template: 'consent_withdrawn' });
    const fresh = await findToken(trx, kind, token);
    return buildView(trx, kind, fresh, stateOf(fresh, now), await answerOf(trx, row.id));
  });
}

const answerOf = async (db: DB, tokenId: number) => {
  const answer = await latestAnswer(db, tokenId);
  return answer && answer.decision !== 'WITHDRAWN' ? { decision: answer.decision, decidedAt: answer.created_at } : null;
};
