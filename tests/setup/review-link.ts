import type { DB } from '#src/server/db/connect.ts';
import { newOpaqueToken, sha256 } from '#src/server/security/tokens.ts';

/**
 * A hiring company's review link (issue 45) showing one consented referral of a task that has a company,
 * made in the database as the share call makes it (the server keeps only the token's hash, so a test
 * cannot read one back): a contact of that company, then the link. For screens that need a real link
 * without walking the admin's share dialog (the accessibility sweep, the Lighthouse bench).
 */
export async function issueReviewLink(db: DB): Promise<string> {
  const referral = await db
    .selectFrom('referrals')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .select(['referrals.id', 'referrals.task_id', 'tasks.company_id'])
    .where('referrals.consent_status', '=', 'CONFIRMED')
    .where('tasks.company_id', 'is not', null)
    .orderBy('referrals.id')
    .executeTakeFirstOrThrow();
  const companyId = referral.company_id as number;
  const at = new Date().toISOString();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@example.com')
    .executeTakeFirstOrThrow();
  const contact = await db
    .insertInto('company_contacts')
    .values({
      company_id: companyId,
      name: 'Tan Mei Ling',
      email: `review.${Date.now()}@company.example`,
      locale: 'en',
      created_at: at,
      updated_at: at,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newOpaqueToken();
  const share = await db
    .insertInto('company_shares')
    .values({
      company_id: companyId,
      task_id: referral.task_id,
      contact_id: contact.id,
      token_hash: sha256(token),
      reveal: '[]',
      reveal_reason: null,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      revoked_at: null,
      first_opened_at: null,
      last_opened_at: null,
      created_by: admin.id,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('company_share_referrals')
    .values({ share_id: share.id, referral_id: referral.id, added_at: at })
    .execute();
  return token;
}
