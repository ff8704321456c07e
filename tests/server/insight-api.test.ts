import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '#src/server/db/connect.ts';
import { seedDemo } from '#src/server/db/seed-demo.ts';
import { medianOfBuckets } from '#src/server/modules/insight/funnel.ts';
import { scoreSql } from '#src/server/modules/insight/score-sql.ts';
import {
  CONVERSION_FROM,
  FUNNEL_STEPS,
  type FunnelAnswer,
  type MoneyAnswer,
  type ScoreCounts,
  type Scorecard,
  scorecardOf,
} from '#src/shared/insight.ts';
import { insertCallProof, insertPayment } from './helpers/money-rows';
import { insertPromo, insertTask, referNewTalent } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 27: the insight API. Every figure must equal a brute-force computation in plain JavaScript from the
// raw rows (referrals, referral_history, call_proofs, payments, promos), not from the counter tables the
// API reads. The clock reads 2026-11-22T02:00Z: the default period is 2025-12 to 2026-11.

type Row = Record<string, unknown>;
const STAGES = ['SUBMITTED', 'SCREENING', 'INTERVIEW', 'OFFERED', 'HIRED'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const myMonth = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 7);
const span = (from: string, to: string, unit: number) =>
  Math.max(0, Math.min(999, Math.floor((Date.parse(to) - Date.parse(from)) / unit)));
const rate = (a: number, b: number) => (b > 0 ? a / b : null);
/** The lower median: the value at position ceil(n/2) of the sorted values (1-based). */
const median = (values: number[]) =>
  values.length === 0 ? null : ([...values].sort((a, b) => a - b)[Math.ceil(values.length / 2) - 1] as number);
/** The median to a tenth, the mean of the middle two for an even count (the companies' answer time). */
const meanMedian = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Math.round(value * 10) / 10;
};
const APPROVED = ['APPROVED', 'PENDING_PAYMENT', 'PAID'];
const REFUSED = ['REJECTED', 'INELIGIBLE', 'NOT_VALID', 'EXCEED_QUOTA'];

type Raw = {
  referrals: Row[];
  history: Row[];
  proofs: Row[];
  payments: Row[];
  promos: Row[];
  /** Issue 45: the review links' lines, the companies' answers, and the tasks' companies. */
  shareLines: Row[];
  answers: Row[];
  tasks: Row[];
};

async function rawRows(db: DB): Promise<Raw> {
  const all = async (query: ReturnType<typeof sql<Row>>) => (await query.execute(db)).rows;
  return {
    referrals: await all(sql<Row>`select * from referrals order by id`),
    history: await all(sql<Row>`select referral_id, from_value, to_value, created_at from referral_history
      where action = 'HIRING_CHANGED' order by id`),
    proofs: await all(sql<Row>`select referral_id, review_status from call_proofs`),
    payments: await all(sql<Row>`select * from payments`),
    promos: await all(sql<Row>`select * from promos`),
    shareLines: await all(sql<Row>`select referral_id, added_at from company_share_referrals`),
    answers: await all(sql<Row>`select referral_id, answer, answered_at from company_answers order by answered_at, id`),
    tasks: await all(sql<Row>`select id, company_id from tasks`),
  };
}

/** One referral as the funnel sees it, from its own row, history lines and call proofs. */
function facts(raw: Raw, r: Row) {
  const id = r.id as number;
  const moves = raw.history.filter((h) => h.referral_id === id);
  const reachedAt = (stage: string) =>
    moves.filter((h) => h.to_value === stage).at(-1)?.created_at as string | undefined;
  const hiring = r.hiring_status as string;
  const closed = hiring === 'REJECTED' || hiring === 'WITHDRAWN';
  const lostMove = moves.filter((h) => h.to_value === 'REJECTED' || h.to_value === 'WITHDRAWN').at(-1);
  const closedAt = closed ? ((lostMove?.from_value as string | undefined) ?? 'SUBMITTED') : null;
  const rank = STAGES.indexOf(closedAt ?? hiring);
  const created = r.created_at as string;
  const decided = r.consent_decided_at as string | null;
  const times: Record<string, number> = {};
  if (decided && r.consent_status !== 'PENDING') times.CONSENT = span(created, decided, HOUR);
  let previous = decided ?? created;
  for (const stage of STAGES.slice(1)) {
    const at = reachedAt(stage);
    if (at) {
      times[stage] = span(previous, at, DAY);
      previous = at;
    }
  }
  const mine = raw.proofs.filter((p) => p.referral_id === id);
  const sharedAt = raw.shareLines
    .filter((l) => l.referral_id === id)
    .map((l) => l.added_at as string)
    .sort()[0];
  const firstAnswer = raw.answers.find((a) => a.referral_id === id);
  return {
    sharedAt,
    firstAnswer,
    month: myMonth(created),
    consent: r.consent_status as string,
    hiring,
    closedAt,
    rank,
    times,
    accepted: mine.filter((p) => p.review_status === 'ACCEPTED').length,
    rejected: mine.filter((p) => p.review_status === 'REJECTED').length,
  };
}
type Facts = ReturnType<typeof facts>;

function expectedFunnel(raw: Raw, from: string, to: string, inScope: (r: Row) => boolean) {
  const list = raw.referrals
    .filter(inScope)
    .map((r) => facts(raw, r))
    .filter((f) => f.month >= from && f.month <= to);
  const reached = (f: Facts, step: string): boolean =>
    step === 'REFERRED' ||
    (step === 'CONSENT'
      ? f.consent === 'CONFIRMED' || f.rank >= 1
      : step === 'SHARED'
        ? reached(f, 'CONSENT') && f.sharedAt !== undefined
        : f.rank >= STAGES.indexOf(step));
  const closedAt = (f: Facts, step: string) =>
    f.closedAt !== null &&
    (step === 'REFERRED'
      ? f.closedAt === 'SUBMITTED' && f.consent !== 'CONFIRMED'
      : step === 'CONSENT'
        ? f.closedAt === 'SUBMITTED' && f.consent === 'CONFIRMED'
        : f.closedAt === step);
  const count = (pick: (f: Facts) => boolean) => list.filter(pick).length;
  const steps = FUNNEL_STEPS.map((step, i) => {
    const n = count((f) => reached(f, step));
    const from = CONVERSION_FROM[step] ?? FUNNEL_STEPS[i - 1];
    const before = i === 0 ? null : count((f) => reached(f, from as string));
    const times = list.map((f) => f.times[step]).filter((x): x is number => x !== undefined);
    const shared = step === 'SHARED';
    return {
      step,
      reached: n,
      conversion: before === null ? null : rate(n, before),
      rejected: shared ? 0 : count((f) => closedAt(f, step) && f.hiring === 'REJECTED'),
      withdrawn: shared ? 0 : count((f) => closedAt(f, step) && f.hiring === 'WITHDRAWN'),
      declined: step === 'CONSENT' ? count((f) => f.consent === 'DECLINED') : 0,
      median: step === 'REFERRED' || shared ? null : median(times),
      unit: step === 'REFERRED' || shared ? null : step === 'CONSENT' ? 'hours' : 'days',
    };
  });
  const sharedList = list.filter((f) => reached(f, 'SHARED'));
  const answeredList = sharedList.filter((f) => f.firstAnswer !== undefined);
  const byAnswer = (kind: string) => answeredList.filter((f) => f.firstAnswer?.answer === kind).length;
  const confirmed = count((f) => f.consent === 'CONFIRMED');
  const declined = count((f) => f.consent === 'DECLINED');
  const accepted = list.reduce((s, f) => s + f.accepted, 0);
  const rejected = list.reduce((s, f) => s + f.rejected, 0);
  const months: FunnelAnswer['months'] = [];
  for (let m = from; m <= to; m = myMonth(new Date(Date.parse(`${m}-15T00:00:00Z`) + 31 * DAY).toISOString())) {
    const mine = list.filter((f) => f.month === m);
    months.push({
      month: m,
      referred: mine.length,
      consented: mine.filter((f) => reached(f, 'CONSENT')).length,
      hired: mine.filter((f) => reached(f, 'HIRED')).length,
    });
  }
  return {
    from,
    to,
    steps,
    consent: {
      confirmed,
      declined,
      pending: count((f) => f.consent === 'PENDING'),
      answerRate: rate(confirmed + declined, list.length),
      medianHours: median(list.map((f) => f.times.CONSENT).filter((x): x is number => x !== undefined)),
    },
    callProofs: { accepted, rejected, acceptanceRate: rate(accepted, accepted + rejected) },
    company: {
      shared: sharedList.length,
      answered: answeredList.length,
      answerRate: rate(answeredList.length, sharedList.length),
      medianAnswerHours: meanMedian(
        answeredList.map(
          (f) => (Date.parse(f.firstAnswer?.answered_at as string) - Date.parse(f.sharedAt as string)) / HOUR,
        ),
      ),
      answers: { SHORTLIST: byAnswer('SHORTLIST'), INTERVIEW: byAnswer('INTERVIEW'), NOT_A_FIT: byAnswer('NOT_A_FIT') },
    },
    months,
  };
}

function expectedMoney(raw: Raw, from: string, to: string): Omit<MoneyAnswer, 'from' | 'to'> {
  const start = new Date(`${from}-01T00:00:00+08:00`).toISOString();
  const [y, m] = to.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(y, m, 1) - 8 * HOUR).toISOString();
  const months = new Map<string, MoneyAnswer['months'][number]>();
  const entry = (month: string, currency: string) => {
    const key = `${month} ${currency}`;
    if (!months.has(key))
      months.set(key, {
        month,
        currency,
        approved: { count: 0, amount: 0 },
        refused: 0,
        paid: { count: 0, amount: 0 },
      });
    return months.get(key) as MoneyAnswer['months'][number];
  };
  const liability = new Map<string, MoneyAnswer['liability'][number]>();
  for (const r of raw.referrals) {
    const status = r.reward_status as string | null;
    if (status === null) continue;
    const currency = (r.reward_currency as string | null) ?? '';
    const amount = Number(r.reward_amount ?? 0);
    const month = myMonth((r.reward_decided_at as string | null) ?? (r.created_at as string));
    if (month >= from && month <= to) {
      if (APPROVED.includes(status)) {
        const e = entry(month, currency);
        e.approved = { count: e.approved.count + 1, amount: e.approved.amount + amount };
      } else if (REFUSED.includes(status)) entry(month, currency).refused += 1;
    }
    if (status === 'APPROVED' || status === 'PENDING_PAYMENT') {
      const e = liability.get(currency) ?? {
        currency,
        approved: { count: 0, amount: 0 },
        pendingPayment: { count: 0, amount: 0 },
      };
      const key = status === 'APPROVED' ? 'approved' : 'pendingPayment';
      e[key] = { count: e[key].count + 1, amount: e[key].amount + amount };
      liability.set(currency, e);
    }
  }
  // Paid counts rewards (the referrals a paid payment holds), not payments (issue 42.3).
  for (const p of raw.payments) {
    if (p.status !== 'PAID' || !p.paid_at) continue;
    const month = myMonth(p.paid_at as string);
    if (month < from || month > to) continue;
    const e = entry(month, p.currency as string);
    const rewards = raw.referrals.filter((r) => Number(r.payment_id) === Number(p.id)).length;
    e.paid = { count: e.paid.count + rewards, amount: e.paid.amount + Number(p.amount) };
  }
  const promos = raw.promos
    .filter((p) => (p.starts_at as string) < end && (p.ends_at as string) >= start)
    .sort((a, b) => (b.starts_at as string).localeCompare(a.starts_at as string) || Number(b.id) - Number(a.id))
    .map((p) => {
      const mine = raw.referrals.filter((r) => Number(r.promo_id) === Number(p.id));
      const hires = mine.filter((r) => r.hiring_status === 'HIRED').length;
      const cost = new Map<string, { count: number; amount: number }>();
      for (const r of mine.filter((r) => APPROVED.includes(r.reward_status as string))) {
        const c = cost.get(r.reward_currency as string) ?? { count: 0, amount: 0 };
        cost.set(r.reward_currency as string, { count: c.count + 1, amount: c.amount + Number(r.reward_amount) });
      }
      return {
        promoId: Number(p.id),
        title: p.title as string,
        startsAt: p.starts_at as string,
        endsAt: p.ends_at as string,
        referred: mine.length,
        hires,
        cost: [...cost]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, c]) => ({
            currency,
            ...c,
            bonus: currency === p.bonus_currency ? Number(p.bonus_amount) * c.count : 0,
            perHire: hires > 0 ? Math.round(c.amount / hires) : null,
          })),
      };
    });
  return {
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency)),
    liability: [...liability.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    promos,
  };
}

function expectedScoreCounts(raw: Raw, recruiterId: number, duplicatesRefused = 0): ScoreCounts {
  const mine = raw.referrals.filter((r) => Number(r.recruiter_id) === recruiterId);
  const list = mine.map((r) => facts(raw, r));
  const count = (pick: (f: Facts) => boolean) => list.filter(pick).length;
  return {
    referred: list.length,
    consentAnswered: count((f) => f.consent !== 'PENDING'),
    consentConfirmed: count((f) => f.consent === 'CONFIRMED'),
    reachedScreening: count((f) => f.rank >= 1),
    reachedInterview: count((f) => f.rank >= 2),
    reachedOffered: count((f) => f.rank >= 3),
    hired: count((f) => f.hiring === 'HIRED'),
    rewardsInvalid: mine.filter((r) => r.reward_status === 'NOT_VALID' || r.reward_status === 'INELIGIBLE').length,
    proofsAccepted: list.reduce((s, f) => s + f.accepted, 0),
    proofsRejected: list.reduce((s, f) => s + f.rejected, 0),
    duplicatesRefused,
  };
}

describe('the median of a histogram', () => {
  it('is the bucket where the running count first reaches half, the lower middle for an even count', () => {
    expect(medianOfBuckets([])).toBeNull();
    expect(medianOfBuckets([{ bucket: 4, n: 0 }])).toBeNull();
    expect(medianOfBuckets([{ bucket: 7, n: 1 }])).toBe(7);
    // 1, 2, 2, 9: the middle two are 2 and 2.
    expect(
      medianOfBuckets([
        { bucket: 9, n: 1 },
        { bucket: 1, n: 1 },
        { bucket: 2, n: 2 },
      ]),
    ).toBe(2);
    // 1, 1, 5, 5: the lower middle, 1 (no halves: buckets are whole hours or days).
    expect(
      medianOfBuckets([
        { bucket: 5, n: 2 },
        { bucket: 1, n: 2 },
      ]),
    ).toBe(1);
    // 0, 3, 3, 3, 999: the third of five.
    expect(
      medianOfBuckets([
        { bucket: 0, n: 1 },
        { bucket: 3, n: 3 },
        { bucket: 999, n: 1 },
      ]),
    ).toBe(3);
  });
});

describe.each(DIALECTS)('insight API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let recruiter: { id: number; token: string };
  let taskId: number;
  let promoId: number;
  let paidPayment: number;
  let acmeId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await seedDemo(t.deps);
    const a = await t.createUser({ email: 'insight-admin@example.com', roles: ['ROLE_ADMIN'] });
    admin = (await t.login(a.email)).accessToken;
    const r = await t.createUser({ email: 'insight-recruiter@example.com' });
    recruiter = { id: r.id, token: (await t.login(r.email)).accessToken };
    // Extra referrals of our own: a task with a promo, referrals over several months, moved through the
    // admin API (hiring moves write their history lines), with call proofs and reward decisions.
    taskId = await insertTask(t, { code: 'INS-1', title: 'Insight analyst' });
    promoId = await insertPromo(t, [taskId], {
      title: 'Insight promo',
      starts_at: '2026-03-01T00:00:00.000Z',
      ends_at: '2026-12-31T00:00:00.000Z',
      bonus_amount: 2_000,
    });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const created = new Date(Date.parse('2026-03-10T20:00:00.000Z') + i * 17 * DAY).toISOString();
      const consent = i % 4 === 3 ? 'DECLINED' : i % 5 === 4 ? 'PENDING' : 'CONFIRMED';
      ids.push(
        await referNewTalent(t, recruiter.id, taskId, {
          created_at: created,
          consent_status: consent,
          consent_decided_at:
            consent === 'PENDING'
              ? null
              : new Date(Date.parse(created) + (i * 7 + 1) * HOUR + 17 * 60_000).toISOString(),
          promo_id: i % 2 === 0 ? promoId : null,
        }),
      );
    }
    // The moves are dated over the weeks before the clock's day; a new login after each step of the clock.
    const start = t.clock.now().getTime();
    t.clock.advance(-30 * DAY);
    const advance = async (ms: number) => {
      t.clock.advance(ms);
      admin = (await t.login(a.email)).accessToken;
    };
    const move = async (id: number, to: string, reason?: string) => {
      const res = await t.request(`/api/admin/referrals/${id}/hiring-status`, {
        method: 'POST',
        headers: bearer(admin),
        json: { to, ...(reason ? { reason } : {}) },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    const confirmed = ids.filter((_, i) => i % 4 !== 3 && i % 5 !== 4);
    const [c0, c1, c2, c3, c4, c5] = confirmed as [number, number, number, number, number, number];
    for (const id of [c0, c1, c2, c3]) {
      await advance(2 * DAY);
      await move(id, 'SCREENING');
    }
    for (const id of [c0, c1, c2]) {
      await advance(3 * DAY);
      await move(id, 'INTERVIEW');
    }
    await advance(DAY);
    await move(c0, 'OFFERED');
    await advance(5 * DAY);
    await move(c0, 'HIRED', 'Joined');
    await move(c1, 'REJECTED', 'Not a fit');
    await move(c3, 'WITHDRAWN', 'Took another job');
    await move(c4, 'WITHDRAWN', 'Changed mind');
    await move(ids[3] as number, 'REJECTED', 'Declined anyway');
    await insertCallProof(t, c0, { status: 'ACCEPTED' });
    await insertCallProof(t, c2, { status: 'REJECTED', reason: 'Blurred' });
    for (const id of [c0, c2, c5]) {
      const res = await t.request(`/api/admin/referrals/${id}/reward`, {
        method: 'POST',
        headers: bearer(admin),
        json: { decision: 'APPROVED' },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const res = await t.request(`/api/admin/referrals/${ids[3]}/reward`, {
      method: 'POST',
      headers: bearer(admin),
      json: { decision: 'NOT_VALID', reason: 'No consent' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await advance(start - t.clock.now().getTime());
    // Issue 45: two of the open referrals go to the task's company on a review link, and it answers one
    // of them two hours later (Interview, where it is already: the answer moves nothing).
    const companies = await t.request('/api/admin/companies', {
      method: 'POST',
      headers: bearer(admin),
      json: { name: 'Acme Sdn Bhd' },
    });
    const companyId = ((await companies.json()) as { data: { id: number } }).data.id;
    acmeId = companyId;
    const contact = await t.request(`/api/admin/companies/${companyId}/contacts`, {
      method: 'POST',
      headers: bearer(admin),
      json: { name: 'Tan Mei Ling', email: 'mei@acme.example' },
    });
    const contactId = ((await contact.json()) as { data: { id: number } }).data.id;
    const shared = await t.request(`/api/admin/companies/tasks/${taskId}/shares`, {
      method: 'POST',
      headers: bearer(admin),
      json: { referralIds: [c2, c5], contactIds: [contactId] },
    });
    expect(shared.status, await shared.clone().text()).toBe(201);
    const mail = await t.db
      .selectFrom('email_outbox')
      .select('payload')
      .where('template', '=', 'company_review')
      .executeTakeFirstOrThrow();
    const reviewToken = new URL(JSON.parse(mail.payload).link as string).searchParams.get('token');
    t.clock.advance(2 * HOUR);
    const answered = await t.request('/api/public/review/answer', {
      method: 'POST',
      json: { token: reviewToken, referralId: c2, answer: 'INTERVIEW' },
    });
    expect(answered.status, await answered.clone().text()).toBe(200);
    await advance(start - t.clock.now().getTime());
    recruiter.token = (await t.login(r.email)).accessToken;
    const adminId = Number(a.id);
    // Paid at 01:30 on 1 November in Kuala Lumpur (still October in UTC): a November payment of two
    // rewards. One more waits for payment (owed, PENDING_PAYMENT).
    paidPayment = await insertPayment(t, {
      recruiterId: recruiter.id,
      createdBy: adminId,
      referralIds: [c0, c5],
      paidAt: '2026-10-31T17:30:00.000Z',
    });
    await insertPayment(t, { recruiterId: recruiter.id, createdBy: adminId, referralIds: [c2] });
  });
  afterEach(async () => {
    await t.close();
  });

  const get = async (path: string, token = admin) => t.request(path, { headers: bearer(token) });
  const data = async <T>(path: string, token = admin) => {
    const res = await get(path, token);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()).data as T;
  };

  it('answers every funnel figure as a recount of the raw rows: all, a task, a promo, a recruiter, a narrow period', async () => {
    const raw = await rawRows(t.db);
    const all = await data<FunnelAnswer>('/api/admin/insight/funnel');
    expect(all.scope).toEqual({ kind: 'all', id: null, label: null });
    const { scope: _s, ...figures } = all;
    expect(figures).toEqual(expectedFunnel(raw, '2025-12', '2026-11', () => true));
    expect(all.steps[0]?.reached).toBeGreaterThan(15);
    expect(all.steps.find((s) => s.step === 'HIRED')?.reached).toBeGreaterThan(0);
    expect(all.consent.medianHours).not.toBeNull();

    const task = await data<FunnelAnswer>(`/api/admin/insight/funnel?taskId=${taskId}&from=2026-01&to=2026-12`);
    expect(task.scope).toEqual({ kind: 'task', id: taskId, label: 'INS-1 · Insight analyst' });
    const { scope: _t, ...taskFigures } = task;
    expect(taskFigures).toEqual(expectedFunnel(raw, '2026-01', '2026-12', (r) => Number(r.task_id) === taskId));
    expect(task.steps.map((s) => s.reached)).toEqual([12, 7, 2, 4, 3, 1, 1]);
    expect(task.company).toMatchObject({ shared: 2, answered: 1, medianAnswerHours: 2 });
    expect(task.steps.find((s) => s.step === 'SCREENING')?.median).not.toBeNull();

    const promo = await data<FunnelAnswer>(`/api/admin/insight/funnel?promoId=${promoId}&from=2026-01&to=2026-12`);
    expect(promo.scope).toEqual({ kind: 'promo', id: promoId, label: 'Insight promo' });
    const { scope: _p, ...promoFigures } = promo;
    expect(promoFigures).toEqual(expectedFunnel(raw, '2026-01', '2026-12', (r) => Number(r.promo_id) === promoId));

    // A company's funnel: its tasks' referrals (the task above and the demo's tasks of that name).
    const acme = await data<FunnelAnswer>(`/api/admin/insight/funnel?companyId=${acmeId}&from=2026-01&to=2026-12`);
    expect(acme.scope).toEqual({ kind: 'company', id: acmeId, label: 'Acme Sdn Bhd' });
    const acmeTasks = raw.tasks.filter((x) => Number(x.company_id) === acmeId).map((x) => Number(x.id));
    expect(acmeTasks).toContain(taskId);
    const { scope: _c, ...acmeFigures } = acme;
    expect(acmeFigures).toEqual(
      expectedFunnel(raw, '2026-01', '2026-12', (r) => acmeTasks.includes(Number(r.task_id))),
    );
    expect(acme.company.shared).toBe(2);

    const mine = await data<FunnelAnswer>(`/api/admin/insight/funnel?recruiterId=${recruiter.id}`);
    expect(mine.scope).toEqual({ kind: 'recruiter', id: recruiter.id, label: 'Test User 2' });
    const { scope: _r, ...mineFigures } = mine;
    expect(mineFigures).toEqual(
      expectedFunnel(raw, '2025-12', '2026-11', (r) => Number(r.recruiter_id) === recruiter.id),
    );

    const narrow = await data<FunnelAnswer>('/api/admin/insight/funnel?from=2026-05&to=2026-06');
    const { scope: _n, ...narrowFigures } = narrow;
    expect(narrowFigures).toEqual(expectedFunnel(raw, '2026-05', '2026-06', () => true));
    expect(narrow.months.map((m) => m.month)).toEqual(['2026-05', '2026-06']);

    // Each demo recruiter and task too: the figures must hold for every scope, not one picked.
    for (const r of [...new Set(raw.referrals.map((x) => Number(x.recruiter_id)))]) {
      const { scope: _x, ...f } = await data<FunnelAnswer>(
        `/api/admin/insight/funnel?recruiterId=${r}&from=2020-01&to=2026-12`,
      );
      expect(f).toEqual(expectedFunnel(raw, '2020-01', '2026-12', (x) => Number(x.recruiter_id) === r));
    }
  });

  it('answers every money figure as a recount of the raw rows', async () => {
    const raw = await rawRows(t.db);
    const money = await data<MoneyAnswer>('/api/admin/insight/money');
    expect(money.from).toBe('2025-12');
    expect(money.to).toBe('2026-11');
    expect({ months: money.months, liability: money.liability, promos: money.promos }).toEqual(
      expectedMoney(raw, '2025-12', '2026-11'),
    );
    // One payment of two rewards reads "2 rewards" with its amount, not "1 reward".
    const november = money.months.find((m) => m.month === '2026-11' && m.currency === 'MYR');
    const paidInNovember = raw.payments.filter(
      (p) => p.status === 'PAID' && myMonth(p.paid_at as string) === '2026-11',
    );
    const payment = raw.payments.find((p) => Number(p.id) === paidPayment);
    expect(paidInNovember).toContainEqual(payment);
    expect(november?.paid.count).toBe(
      raw.referrals.filter((r) => paidInNovember.some((p) => Number(p.id) === Number(r.payment_id))).length,
    );
    expect(november?.paid.count).toBeGreaterThan(paidInNovember.length);
    expect(money.liability.find((l) => l.currency === 'MYR')?.pendingPayment.count).toBeGreaterThan(0);
    expect(money.months.some((m) => m.refused > 0)).toBe(true);
    expect(money.liability.length).toBeGreaterThan(0);
    const ours = money.promos.find((p) => p.promoId === promoId);
    expect(ours?.cost[0]?.bonus).toBe(2_000 * (ours?.cost[0]?.count ?? 0));
    expect(ours?.hires).toBe(1);

    const narrow = await data<MoneyAnswer>('/api/admin/insight/money?from=2026-11&to=2026-11');
    expect({ months: narrow.months, liability: narrow.liability, promos: narrow.promos }).toEqual(
      expectedMoney(raw, '2026-11', '2026-11'),
    );
  });

  it("gives a recruiter their own scorecard, equal to the raw rows' recount", async () => {
    const raw = await rawRows(t.db);
    const card = await data<Scorecard>('/api/recruiter/scorecard', recruiter.token);
    expect(card).toEqual(scorecardOf(recruiter.id, expectedScoreCounts(raw, recruiter.id)));
    expect(card.score).not.toBeNull();
    const other = Number(raw.referrals.find((r) => Number(r.recruiter_id) !== recruiter.id)?.recruiter_id);
    expect(await data<Scorecard>(`/api/admin/recruiters/${other}/scorecard`)).toEqual(
      scorecardOf(other, expectedScoreCounts(raw, other)),
    );
  });

  it('sorts the admin recruiter list by score, as scorecardOf scores them: unscored last, then newest first', async () => {
    // More recruiters: scores apart, equal (the newest first), one below the minimum, one with refused duplicates.
    const made: number[] = [];
    for (const [k, confirmed] of [3, 5, 5, 8, 10, 9, 4].entries()) {
      const u = await t.createUser({ email: `score${k}@example.com` });
      made.push(u.id);
      for (let i = 0; i < (k === 5 ? 9 : 10 + (k % 2)); i++)
        await referNewTalent(t, u.id, taskId, {
          consent_status: i < confirmed ? 'CONFIRMED' : i % 2 ? 'DECLINED' : 'PENDING',
          reward_status: i === 0 && k === 6 ? 'NOT_VALID' : null,
          reward_decided_at: i === 0 && k === 6 ? t.clock.now().toISOString() : null,
        });
    }
    await sql`update recruiter_scores set duplicates_refused = 3 where recruiter_id = ${made[6]}`.execute(t.db);
    const raw = await rawRows(t.db);
    const users = (await sql<Row>`select id, created_at, roles from users order by id`.execute(t.db)).rows.filter((u) =>
      String(u.roles).includes('ROLE_RECRUITER'),
    );
    const dups = new Map(
      (await sql<Row>`select recruiter_id, duplicates_refused from recruiter_scores`.execute(t.db)).rows.map((r) => [
        Number(r.recruiter_id),
        Number(r.duplicates_refused),
      ]),
    );
    const scored = users.map((u) => ({
      id: Number(u.id),
      createdAt: u.created_at as string,
      score: scorecardOf(Number(u.id), expectedScoreCounts(raw, Number(u.id), dups.get(Number(u.id)) ?? 0)).score,
    }));
    expect(scored.filter((u) => u.score !== null).length).toBeGreaterThan(5);
    expect(new Set(scored.map((u) => u.score)).size).toBeLessThan(scored.length); // ties to break
    const expected = [...scored].sort(
      (a, b) =>
        Number(a.score === null) - Number(b.score === null) ||
        (b.score ?? 0) - (a.score ?? 0) ||
        b.createdAt.localeCompare(a.createdAt) ||
        b.id - a.id,
    );
    const listed: { id: number; score: number | null }[] = [];
    for (let page = 1; listed.length < users.length && page < 10; page++) {
      const d = await data<{ items: { id: number; score: number | null }[] }>(
        `/api/admin/recruiters?sort=SCORE&pageSize=10&page=${page}`,
      );
      listed.push(...d.items);
    }
    expect(listed.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(listed.map((r) => r.score)).toEqual(expected.map((r) => r.score));
    // The SQL's own value, recruiter by recruiter, not only the order it gives.
    const inSql = await t.db
      .selectFrom('users')
      .leftJoin('recruiter_scores as s', 's.recruiter_id', 'users.id')
      .select((eb) => ['users.id', eb.cast(scoreSql(t.db), 'integer').as('score')])
      .where(
        'users.id',
        'in',
        scored.map((u) => u.id),
      )
      .orderBy('users.id')
      .execute();
    expect(inSql.map((r) => [Number(r.id), r.score === null ? null : Number(r.score)])).toEqual(
      [...scored].sort((a, b) => a.id - b.id).map((u) => [u.id, u.score]),
    );
  });

  it('keeps the insight to admins', async () => {
    for (const path of ['/api/admin/insight/funnel', '/api/admin/insight/funnel.csv', '/api/admin/insight/money']) {
      expect((await t.request(path)).status).toBe(401);
      const res = await get(path, recruiter.token);
      expect(res.status).toBe(403);
      expect((await res.json()).success).toBe(false);
    }
    expect((await get('/api/recruiter/scorecard', admin)).status).toBe(403);
  });

  it('refuses a bad month, a backward period, two scopes and an unknown id', async () => {
    const refused = async (query: string, path = 'funnel') => {
      const res = await get(`/api/admin/insight/${path}?${query}`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(Object.values(body.error.fields ?? {})).toContain('field_invalid');
    };
    await refused('from=2026-13');
    await refused('to=26-01');
    await refused('from=2026-05&to=2026-04');
    await refused('from=2026-05&to=2026-04', 'money');
    await refused('from=2026-5', 'money');
    await refused(`taskId=${taskId}&recruiterId=${recruiter.id}`);
    await refused('from=1900-01&to=2026-01');
    for (const [query, what] of [
      ['taskId=999999', 'Task'],
      ['promoId=999999', 'Promo'],
      ['recruiterId=999999', 'Recruiter'],
    ]) {
      const res = await get(`/api/admin/insight/funnel?${query}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toContain(what);
    }
    expect((await get('/api/admin/insight/funnel.csv?taskId=999999')).status).toBe(404);
  });

  it('exports the funnel as CSV: one row per step under a header naming the period and scope', async () => {
    const res = await get(`/api/admin/insight/funnel.csv?taskId=${taskId}&from=2025-12&to=2026-11`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="funnel-task-${taskId}-2025-12-to-2026-11.csv"`,
    );
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Period,"2025-12 to 2026-11"');
    expect(lines[1]).toBe(`Scope,"task #${taskId}: INS-1 · Insight analyst"`);
    expect(lines[3]).toBe('Step,Reached,"Conversion (%)",Rejected,Withdrawn,Declined,Median time,Unit');
    const answer = await data<FunnelAnswer>(`/api/admin/insight/funnel?taskId=${taskId}&from=2025-12&to=2026-11`);
    expect(lines.slice(4, 4 + answer.steps.length).map((l) => l.split(',').slice(0, 2))).toEqual(
      answer.steps.map((s) => [s.step, String(s.reached)]),
    );
    expect(lines[5]).toBe(
      `CONSENT,7,${((7 / 12) * 100).toFixed(1)},0,1,${answer.steps[1]?.declined},${answer.steps[1]?.median},hours`,
    );
    const all = await get('/api/admin/insight/funnel.csv');
    expect(all.headers.get('content-disposition')).toBe('attachment; filename="funnel-2025-12-to-2026-11.csv"');
  });
});
