import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { appLink } from '#src/server/mail/app-link.ts';
import { enqueueEmail } from '#src/server/mail/outbox.ts';
import { hitRateLimit, type RateRule } from '#src/server/middleware/rate-limit.ts';
import { newDataLink } from '#src/server/modules/talent-links/data-link.ts';
import { assertNotErased } from '#src/server/personal-data/assert-not-erased.ts';
import { issueOneTimeToken, voidOneTimeTokens } from '#src/server/security/one-time-tokens.ts';
import { CONSENT_TOKEN_TTL_SECONDS, ITA_TOKEN_TTL_SECONDS } from '#src/shared/constants.ts';
import { toAppLocale } from '#src/shared/enums.ts';

export type TalentLinkKind = 'CONSENT' | 'ITA';

// Every consent and ITA e-mail goes to an address a recruiter typed, with their words in it (the talent's
// name): a recruiter may have the platform send so many an hour and a day, well above a busy day's
// referrals (issue 22, finding 11). Counted in the sending transaction: a refused send changes nothing.
export const TALENT_MAIL_RULES: readonly RateRule[] = [
  { name: 'talent-mail-hour', limit: 40, windowMs: 60 * 60_000 },
  { name: 'talent-mail-day', limit: 200, windowMs: 24 * 60 * 60_000 },
];

/** Counts one consent or ITA e-mail a recruiter asks for; 429 past the hour's or the day's limit. */
export async function limitTalentMail(db: DB, recruiterId: number, now: Date): Promise<void> {
  for (const rule of TALENT_MAIL_RULES) await hitRateLimit(db, rule, String(recruiterId), now.getTime());
}

/**
 * Sends a referral's consent or ITA link: voids the links sent before it, issues a new single-use token,
 * queues the e-mail in the talent's language and writes the history (CONSENT_SENT, CONSENT_RESENT or
 * ITA_SENT). An ITA send also moves ita_status to SENT. Call it inside the transaction of the change
 * that causes it (`db` is then the transaction). Checks (state, ownership, resend interval) are the
 * caller's.
 */
export async function sendTalentLink(
  db: DB,
  deps: Pick<AppDeps, 'env'>,
  values: { referralId: number; kind: TalentLinkKind; actorId: number; resend: boolean; now: Date },
): Promise<{ sentAt: string }> {
  const { referralId, kind, actorId, now } = values;
  const row = await db
    .selectFrom('referrals')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .innerJoin('users', 'users.id', 'referrals.recruiter_id')
    .select([
      'talents.full_name as talentName',
      'talents.email as talentEmail',
      'talents.contact_locale as locale',
      'tasks.title as taskTitle',
      'tasks.company as company',
      'users.full_name as recruiterName',
      'referrals.ita_status as itaStatus',
      'referrals.talent_id as talentId',
      'talents.erased_at as erasedAt',
    ])
    .where('referrals.id', '=', referralId)
    .executeTakeFirstOrThrow();
  // The one place a talent's links are e-mailed: an anonymised talent has no address left to write to.
  assertNotErased({ erased_at: row.erasedAt });

  await voidOneTimeTokens(db, { kind, referralId }, now);
  const ttlSeconds = kind === 'CONSENT' ? CONSENT_TOKEN_TTL_SECONDS : ITA_TOKEN_TTL_SECONDS;
  const token = await issueOneTimeToken(db, { kind, referralId, ttlSeconds, now });
  const locale = toAppLocale(row.locale);
  const at = now.toISOString();
  // Every e-mail to the talent carries a fresh "manage my data" link (issue 24).
  const dataLink = await newDataLink(db, deps.env.APP_URL, locale, row.talentId, now);

  if (kind === 'CONSENT') {
    await enqueueEmail(
      db,
      {
        to: row.talentEmail,
        locale,
        template: 'consent_request',
        talentId: row.talentId,
        payload: {
          talentName: row.talentName,
          recruiterName: row.recruiterName,
          taskTitle: row.taskTitle,
          company: row.company,
          link: appLink(deps.env.APP_URL, locale, `/talent/consent?token=${token}`),
          hours: String(ttlSeconds / 3600),
          dataLink,
          // Not shown: lets the mail worker drop the e-mail if the referral closes before it goes.
          referralId,
        },
      },
      now,
    );
  } else {
    await enqueueEmail(
      db,
      {
        to: row.talentEmail,
        locale,
        template: 'ita_request',
        talentId: row.talentId,
        payload: {
          talentName: row.talentName,
          taskTitle: row.taskTitle,
          company: row.company,
          link: appLink(deps.env.APP_URL, locale, `/talent/ita-success?token=${token}`),
          dataLink,
          referralId,
        },
      },
      now,
    );
    if (row.itaStatus !== 'SENT') {
      await db
        .updateTable('referrals')
        .set({ ita_status: 'SENT', updated_at: at })
        .where('id', '=', referralId)
        .execute();
    }
  }

  const action = kind === 'ITA' ? 'ITA_SENT' : values.resend ? 'CONSENT_RESENT' : 'CONSENT_SENT';
  await db
    .insertInto('referral_history')
    .values({
      referral_id: referralId,
      actor_id: actorId,
      action,
      from_value: kind === 'ITA' ? row.itaStatus : null,
      to_value: kind === 'ITA' ? 'SENT' : null,
      note: null,
      created_at: at,
    })
    .execute();
  return { sentAt: at };
}

/** When the referral's last link of this kind was sent (null: never). */
export async function lastLinkSentAt(db: DB, referralId: number, kind: TalentLinkKind): Promise<string | null> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('referral_id', '=', referralId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/**
 * When each pending referral's last consent link stops working, by referral id (issued links only).
 * The profile says a link expired, as the dashboard does.
 */
export async function consentLinkExpiries(db: DB, referralIds: number[]): Promise<Map<number, string>> {
  if (referralIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('one_time_tokens')
    .select((eb) => ['referral_id', eb.fn.max('expires_at').as('at')])
    .where('referral_id', 'in', referralIds)
    .where('kind', '=', 'CONSENT')
    .groupBy('referral_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.referral_id), r.at as string]));
}

/** When the talent withdrew their consent to each of these referrals (the latest withdrawal), by id. */
export async function consentWithdrawals(db: DB, referralIds: number[]): Promise<Map<number, string>> {
  if (referralIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('talent_decisions')
    .select((eb) => ['referral_id', eb.fn.max('created_at').as('at')])
    .where('referral_id', 'in', referralIds)
    .where('kind', '=', 'CONSENT')
    .where('decision', '=', 'WITHDRAWN')
    .groupBy('referral_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.referral_id), r.at as string]));
}
