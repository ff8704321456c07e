import type { ExpressionBuilder } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { median } from '#src/server/modules/companies/company-insight.ts';
import type { FunnelAnswer, FunnelScopeKind } from '#src/shared/insight.ts';
import { monthStartUtc, nextMonth } from './period';

// Issue 45: the funnel's SHARED step and the hiring companies' answer time, for the funnel's referrals
// (made in the period, in its scope). Read from the review links' own rows rather than from counters:
// only referrals put on a link are read, far fewer than the referrals.

type Scope = { kind: FunnelScopeKind; id: number };

/**
 * The funnel's referrals that reached CONSENT (confirmed, or moved past SUBMITTED, which needs it) and
 * were ever on a review link: the same condition as the counters' CONSENT, so SHARED is never more.
 */
function sharedInFunnel(
  eb: ExpressionBuilder<Database, 'referrals'>,
  scope: Scope,
  period: { from: string; to: string },
) {
  const closed = eb('referrals.hiring_status', 'in', ['REJECTED', 'WITHDRAWN']);
  const pastSubmitted = eb.or([
    eb.and([eb.not(closed), eb('referrals.hiring_status', '!=', 'SUBMITTED')]),
    eb.and([closed, eb('referrals.lost_at', 'is not', null), eb('referrals.lost_at', '!=', 'SUBMITTED')]),
  ]);
  const inScope =
    scope.kind === 'task'
      ? [eb('referrals.task_id', '=', scope.id)]
      : scope.kind === 'promo'
        ? [eb('referrals.promo_id', '=', scope.id)]
        : scope.kind === 'recruiter'
          ? [eb('referrals.recruiter_id', '=', scope.id)]
          : scope.kind === 'company'
            ? [
                eb(
                  'referrals.task_id',
                  'in',
                  eb.selectFrom('tasks').select('tasks.id').where('tasks.company_id', '=', scope.id),
                ),
              ]
            : [];
  return eb.and([
    ...inScope,
    eb('referrals.created_at', '>=', monthStartUtc(period.from)),
    eb('referrals.created_at', '<', monthStartUtc(nextMonth(period.to))),
    eb.or([eb('referrals.consent_status', '=', 'CONFIRMED'), pastSubmitted]),
    eb.exists(
      eb
        .selectFrom('company_share_referrals')
        .select('company_share_referrals.id')
        .whereRef('company_share_referrals.referral_id', '=', 'referrals.id'),
    ),
  ]);
}

const HOUR = 3_600_000;

export async function companyFigures(
  db: DB,
  scope: Scope,
  period: { from: string; to: string },
): Promise<FunnelAnswer['company']> {
  const [shared, answers] = await Promise.all([
    db
      .selectFrom('referrals')
      .innerJoin('company_share_referrals', 'company_share_referrals.referral_id', 'referrals.id')
      .select((eb) => ['referrals.id', eb.fn.min('company_share_referrals.added_at').as('shared_at')])
      .where((eb) => sharedInFunnel(eb, scope, period))
      .groupBy('referrals.id')
      .execute(),
    db
      .selectFrom('company_answers')
      .innerJoin('referrals', 'referrals.id', 'company_answers.referral_id')
      .select(['company_answers.referral_id', 'company_answers.answer', 'company_answers.answered_at'])
      .where((eb) => sharedInFunnel(eb, scope, period))
      .orderBy('company_answers.answered_at')
      .orderBy('company_answers.id')
      .execute(),
  ]);
  const first = new Map<number, (typeof answers)[number]>();
  for (const answer of answers) if (!first.has(answer.referral_id)) first.set(answer.referral_id, answer);
  const counts: FunnelAnswer['company']['answers'] = { SHORTLIST: 0, INTERVIEW: 0, NOT_A_FIT: 0 };
  const hours: number[] = [];
  for (const row of shared) {
    const answer = first.get(row.id);
    if (!answer) continue;
    counts[answer.answer] += 1;
    hours.push((Date.parse(answer.answered_at) - Date.parse(String(row.shared_at))) / HOUR);
  }
  return {
    shared: shared.length,
    answered: hours.length,
    answerRate: shared.length > 0 ? hours.length / shared.length : null,
    medianAnswerHours: median(hours),
    answers: counts,
  };
}
