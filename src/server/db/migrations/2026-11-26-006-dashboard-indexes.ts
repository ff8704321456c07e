import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Issue 5 bench, at a million referrals:
// - `referrals.proofs_to_review`: how many of the referral's call proofs wait for an admin. The admin's
//   "call: NEED_REVIEW" filter pages newest first; from call_proofs it had to gather and sort every such
//   referral (150 ms); with this count and a partial index the page walks the index in order. Triggers
//   keep it right whoever writes call_proofs (the app, the demo seed, tests).
// - The recruiter dashboard's consent and hire counts and its rejected call proofs start from the
//   recruiter's own rows instead of the whole table.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('referrals')
    .addColumn('proofs_to_review', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update referrals set proofs_to_review = (
      select count(*) from call_proofs
      where call_proofs.referral_id = referrals.id and call_proofs.review_status = 'NEED_REVIEW')
    where exists (
      select 1 from call_proofs
      where call_proofs.referral_id = referrals.id and call_proofs.review_status = 'NEED_REVIEW')`.execute(db);
  await db.schema
    .createIndex('referrals_proofs_to_review')
    .on('referrals')
    .columns(['created_at', 'id'])
    .where(sql<boolean>`proofs_to_review > 0`)
    .execute();

  // +1 when a proof waiting for review appears, −1 when it leaves that state (reviewed or deleted).
  const delta = (status: string) => `(case when ${status} = 'NEED_REVIEW' then 1 else 0 end)`;
  if (pg) {
    await sql
      .raw(`create function referrals_count_proofs_to_review() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.review_status = 'NEED_REVIEW' then
          update referrals set proofs_to_review = proofs_to_review - 1 where id = old.referral_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.review_status = 'NEED_REVIEW' then
          update referrals set proofs_to_review = proofs_to_review + 1 where id = new.referral_id;
        end if;
        return null;
      end $$`)
      .execute(db);
    await sql
      .raw(`create trigger call_proofs_to_review after insert or delete or update of review_status, referral_id
      on call_proofs for each row execute function referrals_count_proofs_to_review()`)
      .execute(db);
  } else {
    await sql
      .raw(`create trigger call_proofs_to_review_insert after insert on call_proofs
      begin update referrals set proofs_to_review = proofs_to_review + ${delta('new.review_status')}
        where id = new.referral_id; end`)
      .execute(db);
    await sql
      .raw(`create trigger call_proofs_to_review_delete after delete on call_proofs
      begin update referrals set proofs_to_review = proofs_to_review - ${delta('old.review_status')}
        where id = old.referral_id; end`)
      .execute(db);
    await sql
      .raw(`create trigger call_proofs_to_review_update after update of review_status, referral_id on call_proofs
      begin
        update referrals set proofs_to_review = proofs_to_review - ${delta('old.review_status')} where id = old.referral_id;
        update referrals set proofs_to_review = proofs_to_review + ${delta('new.review_status')} where id = new.referral_id;
      end`)
      .execute(db);
  }

  // Consents per month (a range on consent_decided_at) and, covering, the pending ones still open.
  await db.schema
    .createIndex('referrals_recruiter_consent_decided')
    .on('referrals')
    .columns(['recruiter_id', 'consent_status', 'consent_decided_at', 'hiring_status'])
    .execute();
  await db.schema
    .createIndex('referrals_recruiter_hiring')
    .on('referrals')
    .columns(['recruiter_id', 'hiring_status'])
    .execute();
  // Hires per month for the platform: the HIRED history entries of a month, without reading every hire.
  await db.schema
    .createIndex('referral_history_action')
    .on('referral_history')
    .columns(['action', 'to_value', 'created_at', 'referral_id'])
    .execute();
  await db.schema
    .createIndex('call_proofs_creator_review')
    .on('call_proofs')
    .columns(['created_by', 'review_status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of [
    'call_proofs_creator_review',
    'referral_history_action',
    'referrals_recruiter_hiring',
    'referrals_recruiter_consent_decided',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  if (pg) {
    await sql.raw('drop trigger call_proofs_to_review on call_proofs').execute(db);
    await sql.raw('drop function referrals_count_proofs_to_review()').execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger call_proofs_to_review_${name}`).execute(db);
    }
  }
  await db.schema.dropIndex('referrals_proofs_to_review').execute();
  await db.schema.alterTable('referrals').dropColumn('proofs_to_review').execute();
}
