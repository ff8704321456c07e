import type { DB } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { appLink } from '#src/server/mail/app-link.ts';
import { issueOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import { sha256 } from '#src/server/security/tokens.ts';
import type { AppLocale } from '#src/shared/enums.ts';

// The "manage my data" link (kind DATA): opens one talent record's data page and nothing else. Unlike a
// consent or ITA link it is not used up: the talent may come back to it for its 7 days.
export const DATA_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** `ttlSeconds`: shorter than the 7 days when the link is bound to end sooner (dataLinkFromTalentLink). */
export const issueDataToken = (db: DB, talentId: number, now: Date, ttlSeconds = DATA_TOKEN_TTL_SECONDS) =>
  issueOneTimeToken(db, { kind: 'DATA', talentId, ttlSeconds: Math.min(ttlSeconds, DATA_TOKEN_TTL_SECONDS), now });

export const dataLinkUrl = (appUrl: string, locale: AppLocale, token: string) =>
  appLink(appUrl, locale, `/talent/data?token=${token}`);

/** A fresh data link for a talent, for an e-mail queued in the same transaction. */
export async function newDataLink(db: DB, appUrl: string, locale: AppLocale, talentId: number, now: Date) {
  return dataLinkUrl(appUrl, locale, await issueDataToken(db, talentId, now));
}

export type DataToken = { tokenId: number; talentId: number; expiresAt: string };

/**
 * The talent a DATA token opens. Unknown, of another kind, or the talent erased or anonymised: 404
 * INVALID_TOKEN (the eraser deletes the talent's links, so an erased talent's link is unknown too: the
 * page says no data is held under it). Expired or voided: 410 TOKEN_EXPIRED.
 */
export async function openDataToken(db: DB, token: string, now: Date): Promise<DataToken> {
  const row = await db
    .selectFrom('one_time_tokens')
    .innerJoin('talents', 'talents.id', 'one_time_tokens.talent_id')
    .select([
      'one_time_tokens.id',
      'one_time_tokens.talent_id',
      'one_time_tokens.expires_at',
      'one_time_tokens.voided_at',
    ])
    .where('one_time_tokens.token_hash', '=', sha256(token))
    .where('one_time_tokens.kind', '=', 'DATA')
    .where('talents.erased_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.talent_id === null) {
    throw new AppError('INVALID_TOKEN', 404, 'No data is held under this link.');
  }
  if (row.voided_at !== null || row.expires_at <= now.toISOString()) {
    throw new AppError('TOKEN_EXPIRED', 410, 'This link has expired. Please ask for a new one.');
  }
  return { tokenId: row.id, talentId: row.talent_id, expiresAt: row.expires_at };
}
