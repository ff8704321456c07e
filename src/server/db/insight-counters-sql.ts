// Issue 27: the SQL of the insight counters (migration 017), for SQLite and PostgreSQL. Each counter
// table is a sum over referral rows of what each row contributes (`parts`: one SELECT per scope or step,
// with +1 for a new row and −1 for an old one), so one definition serves the triggers, the rebuild (the
// migration, a bulk load) and the tests' brute-force comparison.
//
// PostgreSQL: statement-level triggers over transition tables, applying one statement's net change per
// key in key order (as referral_counts does: two transactions lock counter rows in the same order within
// a statement; a statement that changes nothing counted touches no counter). SQLite: row triggers, which
// fire only when a counted column changed.

/** When the referral reached each stage of the hiring funnel; set from its HIRING_CHANGED history line. */
export const STAGE_COLUMNS = {
  SCREENING: 'screening_at',
  INTERVIEW: 'interview_at',
  OFFERED: 'offered_at',
  HIRED: 'hired_at',
} as const;

/** The funnel's stages after SUBMITTED, in order. */
export const FUNNEL_STAGES = ['SUBMITTED', 'SCREENING', 'INTERVIEW', 'OFFERED', 'HIRED'] as const;

/** Time steps of `insight_times`: consent answer (hours after the referral) and each stage (days after the one before). */
export const TIME_STEPS = ['CONSENT', 'SCREENING', 'INTERVIEW', 'OFFERED', 'HIRED'] as const;

/** recruiter_scores' counts kept by the triggers (its `duplicates_refused` is kept by the app). */
export const SCORE_COUNTS = [
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
] as const;

/** Buckets past this are counted in it (999 hours or days). */
export const BUCKET_CAP = 999;

/** Months are calendar months in Malaysia time (UTC+8, no daylight saving): the admins' business month. */
export const MONTH_OFFSET_HOURS = 8;

interface Dialect {
  pg: boolean;
  month(ts: string): string;
  /** Whole hours (or days) from a to b, clamped to 0..BUCKET_CAP. */
  between(a: string, b: string, unit: 'hours' | 'days'): string;
}

/**
 * The Malaysia month ('YYYY-MM') of a stored time, as SQL text: the counters' triggers and the queries that
 * group by month outside them (insight/money.ts) must agree on it. `ts`: SQL of code's own, never a value.
 */
export const malaysiaMonthSql = (pg: boolean, ts: string): string =>
  pg
    ? `to_char(${ts}::timestamp + interval '${MONTH_OFFSET_HOURS} hours', 'YYYY-MM')`
    : `strftime('%Y-%m', ${ts}, '+${MONTH_OFFSET_HOURS} hours')`;

const dialect = (pg: boolean): Dialect => ({
  pg,
  month: (ts) => malaysiaMonthSql(pg, ts),
  between: (a, b, unit) => {
    const span = pg
      ? `floor(extract(epoch from (${b}::timestamp - ${a}::timestamp)) / ${unit === 'hours' ? 3600 : 86400})::integer`
      : // Whole milliseconds first: julianday's floating point makes an exact 7 hours 6.99999999… (floored to 6).
        `cast(round((julianday(${b}) - julianday(${a})) * 86400000) as integer) / ${unit === 'hours' ? 3600000 : 86400000}`;
    return pg ? `greatest(0, least(${BUCKET_CAP}, ${span}))` : `max(0, min(${BUCKET_CAP}, ${span}))`;
  },
});

/** A row source: how its columns are named (`new.`, `old.`, `r.`) and what follows its SELECT (FROM, WHERE). */
interface Source {
  p: string;
  from: string;
  sign: 1 | -1;
}

/** The stage a referral reached: its hiring status, or for a closed one the stage it closed at. */
const reached = (p: string) =>
  `(case when ${p}hiring_status in ('REJECTED', 'WITHDRAWN') then coalesce(${p}lost_at, 'SUBMITTED') else ${p}hiring_status end)`;
const rank = (stage: string) =>
  `(case ${stage} ${FUNNEL_STAGES.map((s, i) => `when '${s}' then ${i}`).join(' ')} else 0 end)`;
const flag = (condition: string) => `(case when ${condition} then 1 else 0 end)`;

const SCOPES = (p: string): [string, string, string | null][] => [
  ['all', '0', null],
  ['task', `${p}task_id`, null],
  ['recruiter', `${p}recruiter_id`, null],
  ['promo', `${p}promo_id`, `${p}promo_id is not null`],
];

/** The columns a counter kept per scope and month reads its keys from: the month's and the scopes' (SCOPES). */
const SCOPE_COLUMNS = ['created_at', 'task_id', 'recruiter_id', 'promo_id'];

/** `where` joined to a source's own WHERE (the trigger's or the rebuild's). */
const where = (source: Source, condition: string | null) => {
  const own = source.from.includes(' where ') ? '' : ' where true';
  return `${source.from}${own}${condition ? ` and ${condition}` : ''}`;
};

interface Counter {
  table: string;
  keys: string[];
  values: string[];
  /** Referral columns whose change changes the row's contribution (SQLite's update trigger). */
  watch: string[];
  parts(d: Dialect, source: Source): string[];
}

const COUNTERS: Counter[] = [
  {
    table: 'insight_funnel',
    keys: ['scope', 'scope_id', 'month', 'consent_status', 'hiring_status', 'lost_at'],
    values: ['n', 'proofs_accepted', 'proofs_rejected'],
    watch: [...SCOPE_COLUMNS, 'consent_status', 'hiring_status', 'lost_at', 'proofs_accepted', 'proofs_rejected'],
    parts: (d, s) =>
      SCOPES(s.p).map(
        ([scope, id, condition]) =>
          `select '${scope}', ${id}, ${d.month(`${s.p}created_at`)}, ${s.p}consent_status, ${s.p}hiring_status,
             coalesce(${s.p}lost_at, ''), ${s.sign}, ${s.sign} * ${s.p}proofs_accepted, ${s.sign} * ${s.p}proofs_rejected
             ${where(s, condition)}`,
      ),
  },
  {
    table: 'insight_times',
    keys: ['scope', 'scope_id', 'month', 'step', 'bucket'],
    values: ['n'],
    watch: [...SCOPE_COLUMNS, 'consent_status', 'consent_decided_at', ...Object.values(STAGE_COLUMNS)],
    parts: (d, s) => {
      const p = s.p;
      // Each stage is timed from the latest earlier one the referral has a time for.
      const before = [`${p}created_at`, `${p}consent_decided_at`, ...Object.values(STAGE_COLUMNS).map((c) => p + c)];
      const steps: [string, string, string, 'hours' | 'days'][] = [
        ['CONSENT', `${p}consent_decided_at`, `${p}created_at`, 'hours'],
        ...Object.entries(STAGE_COLUMNS).map(([stage, column], i): [string, string, string, 'days'] => [
          stage,
          p + column,
          `coalesce(${before
            .slice(1, i + 2)
            .reverse()
            .join(', ')}, ${p}created_at)`,
          'days',
        ]),
      ];
      return steps.flatMap(([step, at, from, unit]) =>
        SCOPES(p).map(([scope, id, condition]) => {
          const has =
            step === 'CONSENT' ? `${at} is not null and ${p}consent_status <> 'PENDING'` : `${at} is not null`;
          return `select '${scope}', ${id}, ${d.month(`${p}created_at`)}, '${step}', ${d.between(from, at, unit)},
             ${s.sign} ${where(s, condition ? `${condition} and ${has}` : has)}`;
        }),
      );
    },
  },
  {
    table: 'insight_money',
    keys: ['month', 'promo_id', 'reward_status', 'currency'],
    values: ['n', 'amount'],
    watch: ['reward_status', 'reward_amount', 'reward_currency', 'reward_decided_at', 'promo_id', 'created_at'],
    parts: (d, s) => [
      `select ${d.month(`coalesce(${s.p}reward_decided_at, ${s.p}created_at)`)}, coalesce(${s.p}promo_id, 0),
         ${s.p}reward_status, coalesce(${s.p}reward_currency, ''), ${s.sign}, ${s.sign} * coalesce(${s.p}reward_amount, 0)
         ${where(s, `${s.p}reward_status is not null`)}`,
    ],
  },
  {
    table: 'recruiter_scores',
    keys: ['recruiter_id'],
    values: [...SCORE_COUNTS],
    watch: [
      'recruiter_id',
      'consent_status',
      'hiring_status',
      'lost_at',
      'reward_status',
      'proofs_accepted',
      'proofs_rejected',
    ],
    parts: (_d, s) => {
      const p = s.p;
      const k = s.sign;
      return [
        `select ${p}recruiter_id, ${k}, ${k} * ${flag(`${p}consent_status <> 'PENDING'`)},
           ${k} * ${flag(`${p}consent_status = 'CONFIRMED'`)}, ${k} * ${flag(`${rank(reached(p))} >= 1`)},
           ${k} * ${flag(`${rank(reached(p))} >= 2`)}, ${k} * ${flag(`${rank(reached(p))} >= 3`)},
           ${k} * ${flag(`${p}hiring_status = 'HIRED'`)},
           ${k} * ${flag(`${p}reward_status in ('NOT_VALID', 'INELIGIBLE')`)},
           ${k} * ${p}proofs_accepted, ${k} * ${p}proofs_rejected ${where(s, null)}`,
      ];
    },
  },
];

/** Adds the parts' sums into the table, one row per key, in key order. */
function applySql(counter: Counter, parts: string[]): string {
  const { table, keys, values } = counter;
  const k = keys.map((_, i) => `k${i}`);
  const sums = values.map((v) => `sum(${v})`);
  return `insert into ${table} (${[...keys, ...values].join(', ')})
    select ${[...k, ...sums].join(', ')} from (${parts.join('\n union all ')}) as c (${[...k, ...values].join(', ')})
    where true group by ${k.join(', ')} having ${sums.map((s) => `${s} <> 0`).join(' or ')} order by ${k.join(', ')}
    on conflict (${keys.join(', ')}) do update set ${values.map((v) => `${v} = ${table}.${v} + excluded.${v}`).join(', ')}`;
}

/** SQLite does not name a derived table's columns in `as c (...)`: the first part names them instead. */
function applySqlite(counter: Counter, parts: string[]): string {
  const { table, keys, values } = counter;
  const k = keys.map((_, i) => `k${i}`);
  const named = [...k, ...values];
  const sums = values.map((v) => `sum(${v})`);
  const select = `select ${named.map((name) => `column${named.indexOf(name) + 1} as ${name}`).join(', ')}`;
  return `insert into ${table} (${[...keys, ...values].join(', ')})
    select ${[...k, ...sums].join(', ')} from (${select} from (values (${named.map(() => 'null').join(', ')})) where false
      union all ${parts.join('\n union all ')}) as c
    where true group by ${k.join(', ')} having ${sums.map((s) => `${s} <> 0`).join(' or ')}
    on conflict (${keys.join(', ')}) do update set ${values.map((v) => `${v} = ${table}.${v} + excluded.${v}`).join(', ')}`;
}

export interface InsightSql {
  /** Sets the stage and proof columns of referrals that exist, from their history and call proofs. */
  backfill: string[];
  /** Triggers (and PostgreSQL functions). */
  create: string[];
  drop: string[];
  /** Recounts every counter table from the referrals (keeping recruiter_scores.duplicates_refused). */
  rebuild: string[];
}

export function insightCounterSql(pg: boolean): InsightSql {
  const d = dialect(pg);
  const apply = pg ? applySql : applySqlite;
  const create: string[] = [];
  const drop: string[] = [];

  // The stage columns, from each HIRING_CHANGED line of the history.
  const stageSet = (p: string) =>
    [
      ...Object.entries(STAGE_COLUMNS).map(
        ([stage, column]) => `${column} = case when ${p}to_value = '${stage}' then ${p}created_at else ${column} end`,
      ),
      `lost_at = case when ${p}to_value in ('REJECTED', 'WITHDRAWN') then ${p}from_value else lost_at end`,
    ].join(', ');
  // Reviewed call proofs, kept on the referral like proofs_to_review (migration 006).
  const proofSet = (p: string, sign: '+' | '-') =>
    `proofs_accepted = proofs_accepted ${sign} ${flag(`${p}review_status = 'ACCEPTED'`)},
     proofs_rejected = proofs_rejected ${sign} ${flag(`${p}review_status = 'REJECTED'`)}`;

  if (pg) {
    create.push(`create function referral_history_stages() returns trigger language plpgsql as $$
      begin
        update referrals set ${stageSet('new.')} where id = new.referral_id;
        return null;
      end $$`);
    create.push(`create trigger referral_history_stages after insert on referral_history
      for each row when (new.action = 'HIRING_CHANGED') execute function referral_history_stages()`);
    create.push(`create function referrals_count_reviewed_proofs() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.review_status <> 'NEED_REVIEW' then
          update referrals set ${proofSet('old.', '-')} where id = old.referral_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.review_status <> 'NEED_REVIEW' then
          update referrals set ${proofSet('new.', '+')} where id = new.referral_id;
        end if;
        return null;
      end $$`);
    create.push(`create trigger call_proofs_reviewed after insert or delete or update of review_status, referral_id
      on call_proofs for each row execute function referrals_count_reviewed_proofs()`);
    drop.push(
      'drop trigger referral_history_stages on referral_history',
      'drop function referral_history_stages()',
      'drop trigger call_proofs_reviewed on call_proofs',
      'drop function referrals_count_reviewed_proofs()',
    );
    for (const counter of COUNTERS) {
      const rows = (name: string, sign: 1 | -1) => counter.parts(d, { p: 'r.', from: `from ${name} as r`, sign });
      create.push(`create function ${counter.table}_apply() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            ${apply(counter, rows('new_rows', 1))};
          elsif tg_op = 'DELETE' then
            ${apply(counter, rows('old_rows', -1))};
          else
            ${apply(counter, [...rows('new_rows', 1), ...rows('old_rows', -1)])};
          end if;
          return null;
        end $$`);
      create.push(
        `create trigger ${counter.table}_insert after insert on referrals
          referencing new table as new_rows for each statement execute function ${counter.table}_apply()`,
        `create trigger ${counter.table}_update after update on referrals
          referencing old table as old_rows new table as new_rows for each statement execute function ${counter.table}_apply()`,
        `create trigger ${counter.table}_delete after delete on referrals
          referencing old table as old_rows for each statement execute function ${counter.table}_apply()`,
      );
      for (const event of ['insert', 'update', 'delete'])
        drop.push(`drop trigger ${counter.table}_${event} on referrals`);
      drop.push(`drop function ${counter.table}_apply()`);
    }
  } else {
    create.push(`create trigger referral_history_stages after insert on referral_history
      when new.action = 'HIRING_CHANGED'
      begin update referrals set ${stageSet('new.')} where id = new.referral_id; end`);
    create.push(`create trigger call_proofs_reviewed_insert after insert on call_proofs
      begin update referrals set ${proofSet('new.', '+')} where id = new.referral_id; end`);
    create.push(`create trigger call_proofs_reviewed_delete after delete on call_proofs
      begin update referrals set ${proofSet('old.', '-')} where id = old.referral_id; end`);
    create.push(`create trigger call_proofs_reviewed_update after update of review_status, referral_id on call_proofs
      begin
        update referrals set ${proofSet('old.', '-')} where id = old.referral_id;
        update referrals set ${proofSet('new.', '+')} where id = new.referral_id;
      end`);
    drop.push(
      'drop trigger referral_history_stages',
      'drop trigger call_proofs_reviewed_insert',
      'drop trigger call_proofs_reviewed_delete',
      'drop trigger call_proofs_reviewed_update',
    );
    for (const counter of COUNTERS) {
      const row = (p: 'new.' | 'old.', sign: 1 | -1) => counter.parts(d, { p, from: '', sign });
      const changed = `(${counter.watch.map((c) => `old.${c}`).join(', ')}) is not (${counter.watch
        .map((c) => `new.${c}`)
        .join(', ')})`;
      create.push(
        `create trigger ${counter.table}_insert after insert on referrals
          begin ${apply(counter, row('new.', 1))}; end`,
        `create trigger ${counter.table}_delete after delete on referrals
          begin ${apply(counter, row('old.', -1))}; end`,
        `create trigger ${counter.table}_update after update of ${counter.watch.join(', ')} on referrals
          when ${changed}
          begin ${apply(counter, [...row('old.', -1), ...row('new.', 1)])}; end`,
      );
      for (const event of ['insert', 'update', 'delete']) drop.push(`drop trigger ${counter.table}_${event}`);
    }
  }

  const lastHiring = (condition: string, column: 'created_at' | 'from_value') =>
    `(select h.${column} from referral_history h where h.referral_id = referrals.id
       and h.action = 'HIRING_CHANGED' and ${condition} order by h.id desc limit 1)`;
  const backfill = [
    `update referrals set ${[
      ...Object.entries(STAGE_COLUMNS).map(
        ([stage, column]) => `${column} = ${lastHiring(`h.to_value = '${stage}'`, 'created_at')}`,
      ),
      `lost_at = ${lastHiring(`h.to_value in ('REJECTED', 'WITHDRAWN')`, 'from_value')}`,
    ].join(', ')}
     where exists (select 1 from referral_history h where h.referral_id = referrals.id and h.action = 'HIRING_CHANGED')`,
    // One pass over call_proofs (UPDATE … FROM: PostgreSQL, SQLite 3.33+), not a lookup per referral.
    `update referrals set proofs_accepted = p.accepted, proofs_rejected = p.rejected
     from (select referral_id, sum(${flag("review_status = 'ACCEPTED'")}) as accepted,
             sum(${flag("review_status = 'REJECTED'")}) as rejected
           from call_proofs where review_status <> 'NEED_REVIEW' group by referral_id) as p
     where referrals.id = p.referral_id`,
  ];

  const rebuild: string[] = [];
  for (const counter of COUNTERS) {
    const parts = counter.parts(d, { p: 'r.', from: 'from referrals as r', sign: 1 });
    if (counter.table === 'recruiter_scores') {
      rebuild.push(`update recruiter_scores set ${counter.values.map((v) => `${v} = 0`).join(', ')}`);
      const k = counter.keys.map((_, i) => `k${i}`);
      const named = [...k, ...counter.values];
      // Sets (not adds) each recruiter's counts; duplicates_refused, kept by the app, stays.
      const inner = pg
        ? `(${parts.join(' union all ')}) as c (${named.join(', ')})`
        : `(select ${named.map((name, i) => `column${i + 1} as ${name}`).join(', ')} from (values (${named
            .map(() => 'null')
            .join(', ')})) where false union all ${parts.join(' union all ')}) as c`;
      rebuild.push(`insert into recruiter_scores (recruiter_id, ${counter.values.join(', ')})
        select k0, ${counter.values.map((v) => `sum(${v})`).join(', ')} from ${inner}
        where true group by k0 order by k0
        on conflict (recruiter_id) do update set ${counter.values.map((v) => `${v} = excluded.${v}`).join(', ')}`);
    } else {
      rebuild.push(`delete from ${counter.table}`, apply(counter, parts));
    }
  }
  return { backfill, create, drop, rebuild };
}
