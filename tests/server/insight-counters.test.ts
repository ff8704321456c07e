import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '#src/server/db/connect.ts';
import { seedDemo } from '#src/server/db/seed-demo.ts';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 27: the insight counters (migration 017) are kept by triggers on referrals, referral_history and
// call_proofs. Whatever writes (the demo seed, hiring moves, reward decisions, proof reviews, deletes),
// each counter table must equal a brute-force recount of the referrals, done here in plain JavaScript
// from the rows, not with the SQL the triggers use.

type Row = Record<string, unknown>;
const STAGES = ['SUBMITTED', 'SCREENING', 'INTERVIEW', 'OFFERED', 'HIRED'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const myMonth = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString().slice(0, 7);
const span = (from: string, to: string, unit: number) =>
  Math.max(0, Math.min(999, Math.floor((Date.parse(to) - Date.parse(from)) / unit)));

function add(map: Map<string, number[]>, key: unknown[], values: number[]) {
  const k = JSON.stringify(key);
  const sum = map.get(k) ?? values.map(() => 0);
  map.set(
    k,
    sum.map((s, i) => s + (values[i] ?? 0)),
  );
}
const nonZero = (map: Map<string, number[]>) =>
  Object.fromEntries([...map].filter(([, v]) => v.some((x) => x !== 0)).sort(([a], [b]) => (a < b ? -1 : 1)));

async function bruteForce(db: DB) {
  const referrals = (await sql<Row>`select * from referrals`.execute(db)).rows;
  const proofs = (await sql<Row>`select referral_id, review_status from call_proofs`.execute(db)).rows;
  const history = (
    await sql<Row>`select referral_id, from_value, to_value, created_at from referral_history
      where action = 'HIRING_CHANGED' order by id`.execute(db)
  ).rows;
  const funnel = new Map<string, number[]>();
  const times = new Map<string, number[]>();
  const money = new Map<string, number[]>();
  const scores = new Map<string, number[]>();
  for (const r of referrals) {
    const id = r.id as number;
    const created = r.created_at as string;
    const month = myMonth(created);
    // The stages from the history lines themselves, as the app records them.
    const moves = history.filter((h) => h.referral_id === id);
    const reachedAt = (stage: string) =>
      moves.filter((h) => h.to_value === stage).at(-1)?.created_at as string | undefined;
    const lostMove = moves.filter((h) => h.to_value === 'REJECTED' || h.to_value === 'WITHDRAWN').at(-1);
    const hiring = r.hiring_status as string;
    const closed = hiring === 'REJECTED' || hiring === 'WITHDRAWN';
    const lost = (lostMove?.from_value as string | undefined) ?? '';
    const reached = closed ? lost || 'SUBMITTED' : hiring;
    const rank = STAGES.indexOf(reached);
    const scopes: [string, number][] = [
      ['all', 0],
      ['task', Number(r.task_id)],
      ['recruiter', Number(r.recruiter_id)],
    ];
    if (r.promo_id !== null) scopes.push(['promo', Number(r.promo_id)]);
    const mine = proofs.filter((p) => p.referral_id === id);
    const accepted = mine.filter((p) => p.review_status === 'ACCEPTED').length;
    const rejected = mine.filter((p) => p.review_status === 'REJECTED').length;
    for (const [scope, scopeId] of scopes) {
      add(funnel, [scope, scopeId, month, r.consent_status, hiring, lost], [1, accepted, rejected]);
      const decided = r.consent_decided_at as string | null;
      if (decided && r.consent_status !== 'PENDING')
        add(times, [scope, scopeId, month, 'CONSENT', span(created, decided, HOUR)], [1]);
      let previous = decided ?? created;
      for (const stage of STAGES.slice(1)) {
        const at = reachedAt(stage);
        if (at) {
          add(times, [scope, scopeId, month, stage, span(previous, at, DAY)], [1]);
          previous = at;
        }
      }
    }
    if (r.reward_status !== null)
      add(
        money,
        [
          myMonth((r.reward_decided_at as string | null) ?? created),
          Number(r.promo_id ?? 0),
          r.reward_status,
          r.reward_currency ?? '',
        ],
        [1, Number(r.reward_amount ?? 0)],
      );
    add(
      scores,
      [Number(r.recruiter_id)],
      [
        1,
        r.consent_status !== 'PENDING' ? 1 : 0,
        r.consent_status === 'CONFIRMED' ? 1 : 0,
        rank >= 1 ? 1 : 0,
        rank >= 2 ? 1 : 0,
        rank >= 3 ? 1 : 0,
        hiring === 'HIRED' ? 1 : 0,
        r.reward_status === 'NOT_VALID' || r.reward_status === 'INELIGIBLE' ? 1 : 0,
        accepted,
        rejected,
      ],
    );
  }
  return { funnel: nonZero(funnel), times: nonZero(times), money: nonZero(money), scores: nonZero(scores) };
}

async function counters(db: DB) {
  const rows = async (query: ReturnType<typeof sql<Row>>, keys: string[], values: string[]) => {
    const map = new Map<string, number[]>();
    for (const row of (await query.execute(db)).rows)
      add(
        map,
        keys.map((k) => (k.endsWith('_id') ? Number(row[k]) : row[k])),
        values.map((v) => Number(row[v])),
      );
    return nonZero(map);
  };
  return {
    funnel: await rows(
      sql<Row>`select * from insight_funnel`,
      ['scope', 'scope_id', 'month', 'consent_status', 'hiring_status', 'lost_at'],
      ['n', 'proofs_accepted', 'proofs_rejected'],
    ),
    times: await rows(sql<Row>`select * from insight_times`, ['scope', 'scope_id', 'month', 'step', 'bucket'], ['n']),
    money: await rows(
      sql<Row>`select * from insight_money`,
      ['month', 'promo_id', 'reward_status', 'currency'],
      ['n', 'amount'],
    ),
    scores: await rows(
      sql<Row>`select * from recruiter_scores`,
      ['recruiter_id'],
      [
        'referred',
        'consent_answered',
        'consent_confirmed',
        'reached_screening',
        'reached_interview',
        'reached_offered',
        'hired',
        'rewards_invalid',
        'proofs_accepted',
        'proofs_rejected',
      ],
    ),
  };
}

describe.each(DIALECTS)('insight counters on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('equal a brute-force recount after the demo seed, and after every kind of write', async () => {
    t = await createTestApp(dialect);
    await seedDemo(t.deps);
    const seeded = await bruteForce(t.db);
    expect(Object.keys(seeded.funnel).length).toBeGreaterThan(20);
    expect(Object.keys(seeded.times).length).toBeGreaterThan(20);
    expect(Object.keys(seeded.money).length).toBeGreaterThan(2);
    expect(await counters(t.db)).toEqual(seeded);

    // Hiring moves written as the app writes them (the row, then its history line), one statement each.
    const open = (
      await sql<{ id: number; hiring_status: string }>`select id, hiring_status from referrals
        where hiring_status in ('SUBMITTED', 'SCREENING') and consent_status = 'CONFIRMED' order by id`.execute(t.db)
    ).rows;
    expect(open.length).toBeGreaterThan(2);
    const move = async (id: number, from: string, to: string, at: string) => {
      await sql`update referrals set hiring_status = ${to} where id = ${id}`.execute(t.db);
      await sql`insert into referral_history (referral_id, actor_id, action, from_value, to_value, note, created_at)
        values (${id}, null, 'HIRING_CHANGED', ${from}, ${to}, null, ${at})`.execute(t.db);
    };
    const [a, b, c] = open as [(typeof open)[0], (typeof open)[0], (typeof open)[0]];
    await move(a.id, a.hiring_status, 'INTERVIEW', '2026-11-20T01:00:00.000Z');
    await move(a.id, 'INTERVIEW', 'OFFERED', '2026-11-23T09:00:00.000Z');
    await move(a.id, 'OFFERED', 'HIRED', '2026-11-25T16:30:00.000Z');
    await move(b.id, b.hiring_status, 'REJECTED', '2026-11-21T00:00:00.000Z');
    await move(c.id, c.hiring_status, 'WITHDRAWN', '2026-11-22T00:00:00.000Z');
    expect(await counters(t.db)).toEqual(await bruteForce(t.db));

    // Answers exactly 7 hours and 3 days after: whole buckets on both databases (no floating-point floor).
    await sql`update referrals set consent_decided_at = '2026-11-02T07:00:00.000Z'
      where id = ${c.id}`.execute(t.db);
    await sql`update referrals set created_at = '2026-11-02T00:00:00.000Z' where id = ${c.id}`.execute(t.db);
    await move(a.id, 'HIRED', 'HIRED', '2026-11-26T09:00:00.000Z'); // 3 days after the offer, to the millisecond
    expect(await counters(t.db)).toEqual(await bruteForce(t.db));

    // Reward decisions in one statement over many rows (as the bulk decision does), a payment, a change of promo.
    await sql`update referrals set reward_status = 'NOT_VALID', reward_decided_at = '2026-10-31T17:00:00.000Z'
      where reward_status is null and consent_status = 'DECLINED'`.execute(t.db);
    await sql`update referrals set reward_status = 'PAID' where reward_status = 'PENDING_PAYMENT'`.execute(t.db);
    await sql`update referrals set reward_status = 'APPROVED', reward_amount = 12345, reward_currency = 'SGD',
      reward_decided_at = '2026-11-01T00:00:00.000Z' where id = ${a.id}`.execute(t.db);
    await sql`update referrals set promo_id = (select min(id) from promos) where id = ${b.id}`.execute(t.db);
    expect(await counters(t.db)).toEqual(await bruteForce(t.db));

    // Call proofs reviewed, moved back to review, deleted.
    await sql`update call_proofs set review_status = 'ACCEPTED' where review_status = 'NEED_REVIEW'`.execute(t.db);
    await sql`update call_proofs set review_status = 'NEED_REVIEW'
      where id = (select min(id) from call_proofs where review_status = 'REJECTED')`.execute(t.db);
    await sql`delete from call_proofs where id = (select max(id) from call_proofs)`.execute(t.db);
    expect(await counters(t.db)).toEqual(await bruteForce(t.db));

    // Referrals erased (deleted with their history and proofs), and a statement that changes nothing counted.
    await sql`update referrals set recruiter_note = 'checked'`.execute(t.db);
    const gone = (await sql<{ id: number }>`select id from referrals order by id desc limit 3`.execute(t.db)).rows;
    for (const { id } of gone) {
      await sql`delete from call_proofs where referral_id = ${id}`.execute(t.db);
      await sql`delete from referral_history where referral_id = ${id}`.execute(t.db);
      await sql`delete from referrals where id = ${id}`.execute(t.db);
    }
    expect(await counters(t.db)).toEqual(await bruteForce(t.db));

    // A talent erased as erase-talent.ts does it: the talent row goes, and their referrals, history and
    // call proofs go with it by ON DELETE CASCADE (which fires the counters' triggers on both databases).
    const erased = (
      await sql<{ talent_id: number }>`select talent_id from referrals
        where proofs_accepted + proofs_rejected > 0 order by id limit 1`.execute(t.db)
    ).rows[0]?.talent_id;
    expect(erased).toBeDefined();
    await sql`delete from talent_decisions where referral_id in (select id from referrals where talent_id = ${erased})`.execute(
      t.db,
    );
    await sql`delete from one_time_tokens where referral_id in (select id from referrals where talent_id = ${erased})`.execute(
      t.db,
    );
    await sql`delete from talents where id = ${erased}`.execute(t.db);
    expect(
      Number(
        (await sql<{ n: number }>`select count(*) as n from referrals where talent_id = ${erased}`.execute(t.db))
          .rows[0]?.n,
      ),
    ).toBe(0);
    expect(await counters(t.db)).toEqual(await bruteForce(t.db));
  });
});
