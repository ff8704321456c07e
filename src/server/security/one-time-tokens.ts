import type { DB } from '#src/server/db/connect.ts';
import type { OneTimeTokenKind } from '#src/shared/enums.ts';
import { newOpaqueToken, sha256 } from './tokens';

// A "manage my data" link (DATA) is issued here like the others, but opens a talent (talentId), is never
// consumed and is read only by talent-links/data-link.ts.
type IssuedKind = OneTimeTokenKind | 'DATA';

// Consent, ITA and password tokens: single use, expiring, stored only as SHA-256, consumed atomically.
export async function issueOneTimeToken(
  db: DB,
  values: {
    kind: IssuedKind;
    userId?: number;
    referralId?: number;
    talentId?: number;
    ttlSeconds: number;
    now: Date;
  },
): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto('one_time_tokens')
    .values({
      kind: values.kind,
      token_hash: sha256(token),
      user_id: values.userId ?? null,
      referral_id: values.referralId ?? null,
      talent_id: values.talentId ?? null,
      created_at: values.now.toISOString(),
      expires_at: new Date(values.now.getTime() + values.ttlSeconds * 1000).toISOString(),
      used_at: null,
      voided_at: null,
    })
    .execute();
  return token;
}

// One UPDATE decides: of two concurrent uses of the same token, exactly one gets the row.
export function consumeOneTimeToken(db: DB, kind: OneTimeTokenKind, token: string, now: Date) {
  const at = now.toISOString();
  return db
    .updateTable('one_time_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['id', 'user_id', 'referral_id'])
    .executeTakeFirst();
}

// A new link voids the ones sent before it.
export const voidOneTimeTokens = (
  db: DB,
  where: { kind: OneTimeTokenKind; userId?: number; referralId?: number },
  now: Date,
) => {
  let query = db
    .updateTable('one_time_tokens')
    .set({ voided_at: now.toISOString() })
    .where('kind', '=', where.kind)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  if (where.referralId !== undefined) query = query.where('referral_id', '=', where.referralId);
  return query.execute();
};
