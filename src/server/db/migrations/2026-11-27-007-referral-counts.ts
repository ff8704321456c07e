import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Issue 7 scale bench, at a million referrals: the admin's hiring-status list shows its total, and an
// exact count(*) over the whole table (or over "reward in review": 85% of it) reads a million index
// entries per page: 80-130 ms on PostgreSQL, 30 ms on SQLite. `referral_counts` keeps how many referrals
// hold each combination of the list's filters (hiring, consent, reward — '' for none, i.e. in review —
// and whether call proofs wait for review); a total without task, recruiter or search is a sum over a
// few hundred rows at most. Triggers keep it right whoever writes referrals (the app, the demo seed,
// tests), as migration 006 does for proofs_to_review.
//
// PostgreSQL: statement-level triggers over transition tables, so one statement applies its net change
// per combination in one upsert, in key order (two transactions always lock counter rows in the same
// order within a statement), and a statement that changes no status (most updates) touches no counter.
// SQLite: row triggers (one writer at a time).
//
// Also: talent_id joins referrals_recruiter_consent, and (PostgreSQL only) tasks_status_deadline includes
// expires_at, so the talent list's consent count and the task board's count read an index only.
const KEY = ['hiring_status', 'consent_status', 'reward_status', 'to_review'] as const;

const keyOf = (row: string) =>
  `${row}.hiring_status, ${row}.consent_status, coalesce(${row}.reward_status, ''), ` +
  `case when ${row}.proofs_to_review > 0 then 1 else 0 end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // The recruiter's talents with a referral of some consent (the talent list's filter) are counted from
  // the recruiter's referrals of that consent: with talent_id in referrals_recruiter_consent (migration
  // 005), from the index alone (PostgreSQL 11 -> 3 ms, SQLite 14 -> 5 ms at a million referrals).
  await db.schema.dropIndex('referrals_recruiter_consent').execute();
  await db.schema
    .createIndex('referrals_recruiter_consent')
    .on('referrals')
    .columns(['recruiter_id', 'consent_status', 'created_at', 'talent_id'])
    .execute();
  await db.schema
    .createTable('referral_counts')
    .addColumn('hiring_status', 'text', (c) => c.notNull())
    .addColumn('consent_status', 'text', (c) => c.notNull())
    .addColumn('reward_status', 'text', (c) => c.notNull())
    .addColumn('to_review', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('referral_counts_pk', [...KEY])
    .execute();
  await sql
    .raw(`insert into referral_counts (${KEY.join(', ')}, n)
      select ${keyOf('referrals')}, count(*) from referrals group by 1, 2, 3, 4`)
    .execute(db);
  const upsert = `on conflict (${KEY.join(', ')}) do update set n = referral_counts.n + excluded.n`;
  if (pg) {
    const change = (rows: string, sign: 1 | -1) => `select ${keyOf(rows)}, ${sign} from ${rows}`;
    const apply = (changes: string) => `
      insert into referral_counts (${KEY.join(', ')}, n)
      select k1, k2, k3, k4, sum(d) from (${changes}) as c (k1, k2, k3, k4, d)
      group by k1, k2, k3, k4 having sum(d) <> 0 order by k1, k2, k3, k4
      ${upsert};`;
    await sql
      .raw(`create function referral_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${apply(change('new_rows', 1))}
        elsif tg_op = 'DELETE' then
          ${apply(change('old_rows', -1))}
        else
          ${apply(`${change('new_rows', 1)} union all ${change('old_rows', -1)}`)}
        end if;
        return null;
      end $$`)
      .execute(db);
    // Transition tables allow one event per trigger.
    await sql
      .raw(`create trigger referral_counts_insert after insert on referrals
      referencing new table as new_rows for each statement execute function referral_counts_apply()`)
      .execute(db);
    await sql
      .raw(`create trigger referral_counts_update after update on referrals
      referencing old table as old_rows new table as new_rows for each statement execute function referral_counts_apply()`)
      .execute(db);
    await sql
      .raw(`create trigger referral_counts_delete after delete on referrals
      referencing old table as old_rows for each statement execute function referral_counts_apply()`)
      .execute(db);
    // The task board's default count ("open": a range of tasks_status_deadline) from the index alone:
    // PostgreSQL reads an expression index only when the expression's columns are in it (10 -> 4 ms).
    await db.schema.dropIndex('tasks_status_deadline').execute();
    await sql
      .raw(`create index tasks_status_deadline on tasks
      (status, (coalesce(expires_at, '9999-12-31T23:59:59.999Z')), id) include (expires_at)`)
      .execute(db);
  } else {
    const add = (row: string, sign: 1 | -1) =>
      `insert into referral_counts (${KEY.join(', ')}, n) values (${keyOf(row)}, ${sign}) ${upsert};`;
    await sql
      .raw(`create trigger referral_counts_insert after insert on referrals begin ${add('new', 1)} end`)
      .execute(db);
    await sql
      .raw(`create trigger referral_counts_delete after delete on referrals begin ${add('old', -1)} end`)
      .execute(db);
    await sql
      .raw(`create trigger referral_counts_update
      after update of hiring_status, consent_status, reward_status, proofs_to_review on referrals
      when (${keyOf('old')}) is not (${keyOf('new')})
      begin ${add('old', -1)} ${add('new', 1)} end`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    for (const name of ['referral_counts_insert', 'referral_counts_update', 'referral_counts_delete']) {
      await sql.raw(`drop trigger ${name} on referrals`).execute(db);
    }
    await sql.raw('drop function referral_counts_apply()').execute(db);
    await db.schema.dropIndex('tasks_status_deadline').execute();
    await sql
      .raw(
        `create index tasks_status_deadline on tasks (status, (coalesce(expires_at, '9999-12-31T23:59:59.999Z')), id)`,
      )
      .execute(db);
  } else {
    for (const name of ['referral_counts_insert', 'referral_counts_update', 'referral_counts_delete']) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('referral_counts').execute();
  await db.schema.dropIndex('referrals_recruiter_consent').execute();
  await db.schema
    .createIndex('referrals_recruiter_consent')
    .on('referrals')
    .columns(['recruiter_id', 'consent_status', 'created_at'])
    .execute();
}
