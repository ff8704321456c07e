import type { DB } from '#src/server/db/connect.ts';
import type { TalentDataShare } from '#src/shared/talent-link-data.ts';

/**
 * Every review link that showed one of the talent's referrals (issue 45), for their data page and export:
 * the company, the job, when it was shared and until when, and when the company looked (the lines of the
 * record of access its contacts' looks wrote for this talent on that link).
 */
export async function talentCompanyShares(db: DB, talentId: number, referralIds: number[]): Promise<TalentDataShare[]> {
  if (referralIds.length === 0) return [];
  const lines = await db
    .selectFrom('company_share_referrals')
    .innerJoin('company_shares', 'company_shares.id', 'company_share_referrals.share_id')
    .innerJoin('companies', 'companies.id', 'company_shares.company_id')
    .innerJoin('tasks', 'tasks.id', 'company_shares.task_id')
    .select([
      'company_share_referrals.share_id',
      'company_share_referrals.referral_id',
      'company_share_referrals.added_at',
      'company_share_referrals.removed_at',
      'company_shares.revoked_at',
      'company_shares.expires_at',
      'companies.name as company',
      'tasks.title as task_title',
    ])
    .where('company_share_referrals.referral_id', 'in', referralIds)
    .orderBy('company_share_referrals.added_at')
    .orderBy('company_share_referrals.id')
    .execute();
  if (lines.length === 0) return [];
  const looks = await db
    .selectFrom('access_log')
    .select(['detail', 'created_at'])
    .where('talent_id', '=', talentId)
    .where('actor_kind', '=', 'COMPANY_CONTACT')
    .orderBy('created_at')
    .execute();
  const byShare = new Map<number, string[]>();
  for (const look of looks) {
    const shareId = shareOf(look.detail);
    if (shareId !== null) byShare.set(shareId, [...(byShare.get(shareId) ?? []), look.created_at]);
  }
  return lines.map((line) => {
    const seen = byShare.get(line.share_id) ?? [];
    const removed = [line.removed_at, line.revoked_at].filter((at): at is string => at !== null).sort();
    return {
      referralId: line.referral_id,
      company: line.company,
      taskTitle: line.task_title,
      sharedAt: line.added_at,
      removedAt: removed[0] ?? null,
      expiresAt: line.expires_at,
      firstViewedAt: seen[0] ?? null,
      lastViewedAt: seen.at(-1) ?? null,
      views: seen.length,
    };
  });
}

function shareOf(detail: string | null): number | null {
  try {
    const shareId = (JSON.parse(detail ?? '{}') as { shareId?: unknown }).shareId;
    return typeof shareId === 'number' ? shareId : null;
  } catch {
    return null;
  }
}
