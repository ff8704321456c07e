import type { DB } from '#src/server/db/connect.ts';
import { FUNNEL_STAGES } from '#src/server/db/insight-counters-sql.ts';
import { notFound } from '#src/server/errors.ts';
import { hasRole } from '#src/server/modules/admin-recruiters/admin-recruiter.repository.ts';
import {
  CONVERSION_FROM,
  FUNNEL_STEPS,
  type FunnelAnswer,
  type FunnelQuery,
  type FunnelScopeKind,
  type FunnelStep,
  type FunnelStepFigures,
} from '#src/shared/insight.ts';
import { companyFigures } from './company-step';
import { monthsBetween, periodOf } from './period';

// Issue 27: `GET /api/admin/insight/funnel`. Every figure is read from the counters (insight_funnel,
// insight_times, migration 017) by their primary key's prefix (scope, scope_id, month range), summed in
// SQL: a few hundred rows at most, however many referrals there are. A company's funnel is the sum of its
// tasks' (each referral is of one task). The SHARED step and the companies' answers come from the review
// links' rows (company-step.ts).

type Group = {
  month: string;
  consent: string;
  hiring: string;
  lostAt: string;
  n: number;
  accepted: number;
  rejected: number;
};

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const closed = (g: Group) => g.hiring === 'REJECTED' || g.hiring === 'WITHDRAWN';
/** The stage a referral reached (a closed one: the stage it closed at, '' meaning SUBMITTED), as a rank. */
const rankOf = (g: Group) => FUNNEL_STAGES.indexOf((closed(g) ? g.lostAt || 'SUBMITTED' : g.hiring) as never);

/** Did the referrals of this group reach the step? */
function reachedStep(g: Group, step: Exclude<FunnelStep, 'SHARED'>): boolean {
  if (step === 'REFERRED') return true;
  // Moving past SUBMITTED needs consent: a referral that did counts even if its consent was withdrawn since.
  if (step === 'CONSENT') return g.consent === 'CONFIRMED' || rankOf(g) >= 1;
  return rankOf(g) >= FUNNEL_STAGES.indexOf(step);
}

/** Did the referrals of this group close while they held this step? */
function closedAtStep(g: Group, step: Exclude<FunnelStep, 'SHARED'>): boolean {
  if (!closed(g)) return false;
  const at = g.lostAt || 'SUBMITTED';
  if (step === 'REFERRED') return at === 'SUBMITTED' && g.consent !== 'CONFIRMED';
  if (step === 'CONSENT') return at === 'SUBMITTED' && g.consent === 'CONFIRMED';
  return at === step;
}

/**
 * The median of a histogram: the bucket where the running count first reaches ceil(n / 2), which for an
 * even count is the lower of the two middle values (no halves: buckets are whole hours or days).
 */
export function medianOfBuckets(buckets: { bucket: number; n: number }[]): number | null {
  const total = buckets.reduce((sum, b) => sum + b.n, 0);
  if (total <= 0) return null;
  const half = Math.ceil(total / 2);
  let running = 0;
  for (const b of [...buckets].sort((x, y) => x.bucket - y.bucket)) {
    running += b.n;
    if (running >= half) return b.bucket;
  }
  return null;
}

type Scope = { kind: FunnelScopeKind; id: number; label: string | null };

/** The scope asked for with its label; 404 for an id that is not a task, promo or recruiter. */
async function scopeOf(db: DB, query: FunnelQuery): Promise<Scope> {
  if (query.taskId !== undefined) {
    const task = await db
      .selectFrom('tasks')
      .select(['code', 'title'])
      .where('id', '=', query.taskId)
      .executeTakeFirst();
    if (!task) throw notFound('Task');
    return { kind: 'task', id: query.taskId, label: `${task.code} · ${task.title}` };
  }
  if (query.promoId !== undefined) {
    const promo = await db.selectFrom('promos').select('title').where('id', '=', query.promoId).executeTakeFirst();
    if (!promo) throw notFound('Promo');
    return { kind: 'promo', id: query.promoId, label: promo.title };
  }
  if (query.companyId !== undefined) {
    const company = await db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', query.companyId)
      .executeTakeFirst();
    if (!company) throw notFound('Company');
    return { kind: 'company', id: query.companyId, label: company.name };
  }
  if (query.recruiterId !== undefined) {
    const user = await db
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', query.recruiterId)
      .where(hasRole('ROLE_RECRUITER'))
      .executeTakeFirst();
    if (!user) throw notFound('Recruiter');
    return { kind: 'recruiter', id: query.recruiterId, label: user.full_name };
  }
  return { kind: 'all', id: 0, label: null };
}

export async function funnelOf(db: DB, query: FunnelQuery, now: Date): Promise<FunnelAnswer> {
  const { from, to } = periodOf(query, now);
  const scope = await scopeOf(db, query);
  // A company has no counters of its own: its tasks' rows, summed.
  const companyTasks = db.selectFrom('tasks').select('tasks.id').where('tasks.company_id', '=', scope.id);
  const [funnelRows, timeRows, company] = await Promise.all([
    db
      .selectFrom('insight_funnel')
      .select((eb) => [
        'month',
        'consent_status',
        'hiring_status',
        'lost_at',
        eb.fn.sum<number | string>('n').as('n'),
        eb.fn.sum<number | string>('proofs_accepted').as('accepted'),
        eb.fn.sum<number | string>('proofs_rejected').as('rejected'),
      ])
      .$if(scope.kind !== 'company', (q) => q.where('scope', '=', scope.kind).where('scope_id', '=', scope.id))
      .$if(scope.kind === 'company', (q) => q.where('scope', '=', 'task').where('scope_id', 'in', companyTasks))
      .where('month', '>=', from)
      .where('month', '<=', to)
      .groupBy(['month', 'consent_status', 'hiring_status', 'lost_at'])
      .execute(),
    db
      .selectFrom('insight_times')
      .select((eb) => ['step', 'bucket', eb.fn.sum<number | string>('n').as('n')])
      .$if(scope.kind !== 'company', (q) => q.where('scope', '=', scope.kind).where('scope_id', '=', scope.id))
      .$if(scope.kind === 'company', (q) => q.where('scope', '=', 'task').where('scope_id', 'in', companyTasks))
      .where('month', '>=', from)
      .where('month', '<=', to)
      .groupBy(['step', 'bucket'])
      .execute(),
    companyFigures(db, scope, { from, to }),
  ]);
  // PostgreSQL answers a sum of bigint as text: Number() throughout.
  const groups: Group[] = funnelRows
    .map((r) => ({
      month: r.month,
      consent: r.consent_status,
      hiring: r.hiring_status,
      lostAt: r.lost_at,
      n: Number(r.n),
      accepted: Number(r.accepted),
      rejected: Number(r.rejected),
    }))
    .filter((g) => g.n !== 0 || g.accepted !== 0 || g.rejected !== 0);
  const sum = (pick: (g: Group) => boolean, value: (g: Group) => number = (g) => g.n) =>
    groups.filter(pick).reduce((total, g) => total + value(g), 0);
  const medianOf = (step: string) =>
    medianOfBuckets(timeRows.filter((r) => r.step === step).map((r) => ({ bucket: Number(r.bucket), n: Number(r.n) })));

  const steps: FunnelStepFigures[] = [];
  for (const step of FUNNEL_STEPS) {
    const from = CONVERSION_FROM[step];
    const before = from ? steps.find((s) => s.step === from) : steps.at(-1);
    if (step === 'SHARED') {
      const reached = company.shared;
      steps.push({
        step,
        reached,
        conversion: before ? rate(reached, before.reached) : null,
        rejected: 0,
        withdrawn: 0,
        declined: 0,
        median: null,
        unit: null,
      });
      continue;
    }
    const reached = sum((g) => reachedStep(g, step));
    steps.push({
      step,
      reached,
      conversion: before ? rate(reached, before.reached) : null,
      rejected: sum((g) => closedAtStep(g, step) && g.hiring === 'REJECTED'),
      withdrawn: sum((g) => closedAtStep(g, step) && g.hiring === 'WITHDRAWN'),
      declined: step === 'CONSENT' ? sum((g) => g.consent === 'DECLINED') : 0,
      median: step === 'REFERRED' ? null : medianOf(step),
      unit: step === 'REFERRED' ? null : step === 'CONSENT' ? 'hours' : 'days',
    });
  }
  const referred = sum(() => true);
  const confirmed = sum((g) => g.consent === 'CONFIRMED');
  const declined = sum((g) => g.consent === 'DECLINED');
  const accepted = sum(
    () => true,
    (g) => g.accepted,
  );
  const rejectedProofs = sum(
    () => true,
    (g) => g.rejected,
  );
  return {
    from,
    to,
    scope: { kind: scope.kind, id: scope.kind === 'all' ? null : scope.id, label: scope.label },
    steps,
    consent: {
      confirmed,
      declined,
      pending: sum((g) => g.consent === 'PENDING'),
      answerRate: rate(confirmed + declined, referred),
      medianHours: medianOf('CONSENT'),
    },
    callProofs: { accepted, rejected: rejectedProofs, acceptanceRate: rate(accepted, accepted + rejectedProofs) },
    company,
    months: monthsBetween(from, to).map((month) => {
      const mine = (g: Group) => g.month === month;
      return {
        month,
        referred: sum(mine),
        consented: sum((g) => mine(g) && reachedStep(g, 'CONSENT')),
        hired: sum((g) => mine(g) && reachedStep(g, 'HIRED')),
      };
    }),
  };
}
