import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { insightCounterSql, SCORE_COUNTS, STAGE_COLUMNS } from '#src/server/db/insight-counters-sql.ts';

// Issue 27: the referral funnel, the recruiter scorecards and the money views, from counters kept by the
// writes (never a scan of every referral on a page load), as `referral_counts` (migration 007) does.
//
// On each referral, what the funnel needs that its row did not keep (set by a trigger on the history,
// so the app, the demo seed and tests all keep them; a bulk load may set them itself):
// - `lost_at`: the stage a REJECTED or WITHDRAWN referral held when it closed (stages only move forward,
//   so it is the furthest reached);
// - `screening_at` … `hired_at`: when it reached each stage (from its HIRING_CHANGED history line);
// - `proofs_accepted`, `proofs_rejected`: its reviewed call proofs (kept like `proofs_to_review`).
//
// Counter tables (all kept by triggers on referrals, see insight-counters-sql.ts):
// - `insight_funnel`: referrals per scope (all, task, recruiter, promo), month made (Malaysia time),
//   consent, hiring status and lost stage, with their reviewed call proofs;
// - `insight_times`: histograms of consent answer hours and days between stages, per scope and month;
// - `insight_money`: rewards per month decided, promo, reward status and currency (count and amount);
// - `recruiter_scores`: one row per recruiter, the outcome counts the scorecard is made of
//   (`duplicates_refused` is kept by the app: a refused duplicate stores nothing else).
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  let alter = db.schema.alterTable('referrals').addColumn('lost_at', 'text');
  await alter.execute();
  for (const column of Object.values(STAGE_COLUMNS)) {
    alter = db.schema.alterTable('referrals').addColumn(column, 'text');
    await alter.execute();
  }
  await db.schema
    .alterTable('referrals')
    .addColumn('proofs_accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('referrals')
    .addColumn('proofs_rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const scoped = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('scope_id', 'integer', (c) => c.notNull())
      .addColumn('month', 'text', (c) => c.notNull());
  await scoped('insight_funnel')
    .addColumn('consent_status', 'text', (c) => c.notNull())
    .addColumn('hiring_status', 'text', (c) => c.notNull())
    .addColumn('lost_at', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addColumn('proofs_accepted', 'bigint', (c) => c.notNull())
    .addColumn('proofs_rejected', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_funnel_pk', [
      'scope',
      'scope_id',
      'month',
      'consent_status',
      'hiring_status',
      'lost_at',
    ])
    .execute();
  await scoped('insight_times')
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_times_pk', ['scope', 'scope_id', 'month', 'step', 'bucket'])
    .execute();
  await db.schema
    .createTable('insight_money')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('promo_id', 'integer', (c) => c.notNull())
    .addColumn('reward_status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_money_pk', ['month', 'promo_id', 'reward_status', 'currency'])
    .execute();
  let scores = db.schema
    .createTable('recruiter_scores')
    .addColumn('recruiter_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'));
  for (const column of [...SCORE_COUNTS, 'duplicates_refused'])
    scores = scores.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
  await scores.execute();

  const counters = insightCounterSql(pg);
  // The stage columns of referrals that exist already, from their history; then the counters from them.
  for (const statement of counters.backfill) await sql.raw(statement).execute(db);
  for (const statement of counters.create) await sql.raw(statement).execute(db);
  for (const statement of counters.rebuild) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of insightCounterSql(pg).drop) await sql.raw(statement).execute(db);
  for (const table of ['recruiter_scores', 'insight_money', 'insight_times', 'insight_funnel'])
    await db.schema.dropTable(table).execute();
  for (const column of ['proofs_rejected', 'proofs_accepted', ...Object.values(STAGE_COLUMNS), 'lost_at'])
    await db.schema.alterTable('referrals').dropColumn(column).execute();
}
