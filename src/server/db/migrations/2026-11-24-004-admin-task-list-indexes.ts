import { type Kysely, sql } from 'kysely';

// The admin's task list (issue 5) over 100,000 tasks: every status filter in every sort walks an index
// in order, and every count reads an index only. "open" and "EXPIRED" are ranges of the deadline
// expression; its literal must stay admin-task.repository.ts's NO_DEADLINE, or the planners stop
// matching the expression. tasks_job_status_deadline starts with tasks_job_type's columns, so it
// replaces it.
const DEADLINE = sql`(coalesce(expires_at, '9999-12-31T23:59:59.999Z'))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('tasks_created').on('tasks').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('tasks_quota').on('tasks').columns(['quota', 'id']).execute();
  await db.schema.createIndex('tasks_deadline').on('tasks').expression(sql`${DEADLINE}, id`).execute();
  await db.schema.createIndex('tasks_status_deadline').on('tasks').expression(sql`status, ${DEADLINE}, id`).execute();
  await db.schema.createIndex('tasks_status_reward').on('tasks').columns(['status', 'reward_amount', 'id']).execute();
  await db.schema.createIndex('tasks_status_quota').on('tasks').columns(['status', 'quota', 'id']).execute();
  await db.schema
    .createIndex('tasks_job_status_deadline')
    .on('tasks')
    .expression(sql`job_type, status, ${DEADLINE}`)
    .execute();
  await db.schema.dropIndex('tasks_job_type').execute();
  // A promo that referrals carry cannot be deleted, and the promo list counts them.
  await db.schema.createIndex('referrals_promo').on('referrals').column('promo_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('tasks_job_type').on('tasks').columns(['job_type', 'status']).execute();
  for (const name of [
    'referrals_promo',
    'tasks_job_status_deadline',
    'tasks_status_quota',
    'tasks_status_reward',
    'tasks_status_deadline',
    'tasks_deadline',
    'tasks_quota',
    'tasks_created',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
