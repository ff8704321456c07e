import type { AppDeps } from '#src/server/context.ts';
import type { CompanyAnswer, CompanyInsightQuery } from '#src/shared/company-schemas.ts';
import type { CompanyInsight, CompanyInsightRow } from '#src/shared/company-types.ts';

// Issue 45, Insight: how many referrals were put before a hiring company (the funnel's "shared with the
// company" step) and how fast the company answered (median hours from a referral's first sharing to the
// company's first answer about it), per company, task or promo. Read from the shares and answers
// themselves: a referral counts in the period of its first sharing.

const HOUR = 3_600_000;

/** The median to a tenth: the mean of the middle two for an even count (the funnel's company step too). */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.round(value * 10) / 10;
}

type Group = { id: number; name: string };

export async function companyInsight({ db }: AppDeps, query: CompanyInsightQuery): Promise<CompanyInsight> {
  const lines = await db
    .selectFrom('company_share_referrals')
    .innerJoin('company_shares', 'company_shares.id', 'company_share_referrals.share_id')
    .innerJoin('companies', 'companies.id', 'company_shares.company_id')
    .innerJoin('tasks', 'tasks.id', 'company_shares.task_id')
    .innerJoin('referrals', 'referrals.id', 'company_share_referrals.referral_id')
    .leftJoin('promos', 'promos.id', 'referrals.promo_id')
    .select([
      'company_share_referrals.referral_id',
      'company_share_referrals.added_at',
      'companies.id as company_id',
      'companies.name as company_name',
      'tasks.id as task_id',
      'tasks.code as task_code',
      'tasks.title as task_title',
      'promos.id as promo_id',
      'promos.title as promo_title',
    ])
    .orderBy('company_share_referrals.added_at')
    .orderBy('company_share_referrals.id')
    .execute();
  // Each referral once, at its first sharing.
  const first = new Map<number, (typeof lines)[number]>();
  for (const line of lines) if (!first.has(line.referral_id)) first.set(line.referral_id, line);
  const inPeriod = [...first.values()].filter(
    (line) =>
      (query.from === undefined || line.added_at >= query.from) && (query.to === undefined || line.added_at < query.to),
  );
  const ids = inPeriod.map((line) => line.referral_id);
  const answers =
    ids.length === 0
      ? []
      : await db
          .selectFrom('company_answers')
          .select(['referral_id', 'answer', 'answered_at'])
          .where('referral_id', 'in', ids)
          .orderBy('answered_at')
          .orderBy('id')
          .execute();
  const firstAnswer = new Map<number, { answer: CompanyAnswer; answered_at: string }>();
  for (const answer of answers) if (!firstAnswer.has(answer.referral_id)) firstAnswer.set(answer.referral_id, answer);

  const groupOf = (line: (typeof lines)[number]): Group => {
    if (query.groupBy === 'task') return { id: line.task_id, name: `${line.task_code} ${line.task_title}` };
    if (query.groupBy === 'promo') return { id: line.promo_id ?? 0, name: line.promo_title ?? '' };
    return { id: line.company_id, name: line.company_name };
  };
  const groups = new Map<number, { row: CompanyInsightRow; hours: number[] }>();
  for (const line of inPeriod) {
    const { id, name } = groupOf(line);
    let group = groups.get(id);
    if (!group) {
      group = {
        row: {
          id,
          name,
          shared: 0,
          answered: 0,
          medianAnswerHours: null,
          answers: { SHORTLIST: 0, INTERVIEW: 0, NOT_A_FIT: 0 },
        },
        hours: [],
      };
      groups.set(id, group);
    }
    group.row.shared += 1;
    const answer = firstAnswer.get(line.referral_id);
    if (answer) {
      group.row.answered += 1;
      group.row.answers[answer.answer] += 1;
      group.hours.push((Date.parse(answer.answered_at) - Date.parse(line.added_at)) / HOUR);
    }
  }
  const items = [...groups.values()].map(({ row, hours }) => ({ ...row, medianAnswerHours: median(hours) }));
  items.sort((a, b) => b.shared - a.shared || a.name.localeCompare(b.name) || a.id - b.id);
  return { groupBy: query.groupBy, items };
}
