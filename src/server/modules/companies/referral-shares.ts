import type { AppDeps } from '#src/server/context.ts';
import { notFound } from '#src/server/errors.ts';
import type { ReferralShare } from '#src/shared/company-types.ts';
import { ANSWER_COLUMNS, toAnswerView } from './answer-view';
import { SHARE_LINK_COLUMNS, toShareLink } from './share-link';

/**
 * Every review link one referral was put on (issue 45), newest first, for the admin's referral detail: to
 * whom and when it was sent, whether the link and this talent's profile on it were opened, the company's
 * answer, and whether the referral is still on the link. A referral taken off a link stays listed, dated,
 * because the company saw it.
 */
export async function listReferralShares(deps: Pick<AppDeps, 'db' | 'now'>, referralId: number) {
  const { db } = deps;
  const now = deps.now();
  const referral = await db
    .selectFrom('referrals')
    .select(['id', 'talent_id'])
    .where('id', '=', referralId)
    .executeTakeFirst();
  if (!referral) throw notFound('Referral');
  const lines = await db
    .selectFrom('company_share_referrals')
    .innerJoin('company_shares', 'company_shares.id', 'company_share_referrals.share_id')
    .innerJoin('company_contacts', 'company_contacts.id', 'company_shares.contact_id')
    .innerJoin('companies', 'companies.id', 'company_shares.company_id')
    .leftJoin('users', 'users.id', 'company_shares.created_by')
    .leftJoin('company_answers', (join) =>
      join
        .onRef('company_answers.share_id', '=', 'company_share_referrals.share_id')
        .onRef('company_answers.referral_id', '=', 'company_share_referrals.referral_id'),
    )
    .select([
      ...SHARE_LINK_COLUMNS,
      'companies.name as company_name',
      'company_share_referrals.added_at',
      'company_share_referrals.removed_at',
      ...ANSWER_COLUMNS,
    ])
    .where('company_share_referrals.referral_id', '=', referralId)
    .orderBy('company_shares.id', 'desc')
    .execute();
  if (lines.length === 0) return [];
  // The contact's looks at this talent: the access record's lines, each naming the link it came through.
  const looks = await db
    .selectFrom('access_log')
    .select(['detail', 'created_at'])
    .where('talent_id', '=', referral.talent_id)
    .where('actor_kind', '=', 'COMPANY_CONTACT')
    .orderBy('created_at')
    .execute();
  const seen = new Map<number, string[]>();
  for (const look of looks) {
    const shareId = shareIdOf(look.detail);
    if (shareId !== null) seen.set(shareId, [...(seen.get(shareId) ?? []), look.created_at]);
  }
  return lines.map((line): ReferralShare => {
    const views = seen.get(line.id) ?? [];
    return {
      ...toShareLink(line, now),
      companyName: line.company_name,
      addedAt: line.added_at,
      removedAt: line.removed_at,
      firstViewedAt: views[0] ?? null,
      lastViewedAt: views.at(-1) ?? null,
      views: views.length,
      answer: toAnswerView(line),
    };
  });
}

function shareIdOf(detail: string | null): number | null {
  try {
    const shareId = (JSON.parse(detail ?? '{}') as { shareId?: unknown }).shareId;
    return typeof shareId === 'number' ? shareId : null;
  } catch {
    return null;
  }
}
