import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one.
// The same statements run on SQLite and PostgreSQL; only the id column differs.
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = pg ? 'serial' : 'integer';
  const money = pg ? 'bigint' : 'integer';
  const withId = (name: string) =>
    db.schema.createTable(name).addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await withId('users')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('need_to_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remaining_ai_note_improvement', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bank_name', 'text')
    .addColumn('bank_account_name', 'text')
    .addColumn('bank_account_number', 'text')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Asia/Kuala_Lumpur'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_status_created').on('users').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('users_full_name').on('users').column('full_name').execute();

  await withId('sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await withId('refresh_tokens')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await withId('tasks')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('job_type', 'text', (c) => c.notNull())
    .addColumn('is_critical', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('salary_min', money)
    .addColumn('salary_max', money)
    .addColumn('salary_currency', 'text', (c) => c.notNull().defaultTo('MYR'))
    .addColumn('reward_amount', money, (c) => c.notNull())
    .addColumn('reward_currency', 'text', (c) => c.notNull().defaultTo('MYR'))
    .addColumn('quota', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('expires_at', 'text')
    .addColumn('required_skills', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('required_languages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_status_created').on('tasks').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('tasks_job_type').on('tasks').columns(['job_type', 'status']).execute();
  await db.schema.createIndex('tasks_expires').on('tasks').column('expires_at').execute();
  await db.schema.createIndex('tasks_reward').on('tasks').column('reward_amount').execute();

  await withId('promos')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('bonus_amount', money, (c) => c.notNull())
    .addColumn('bonus_currency', 'text', (c) => c.notNull().defaultTo('MYR'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promos_period').on('promos').columns(['starts_at', 'ends_at']).execute();

  await db.schema
    .createTable('promo_tasks')
    .addColumn('promo_id', 'integer', (c) => c.notNull().references('promos.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_tasks_pk', ['promo_id', 'task_id'])
    .execute();
  await db.schema.createIndex('promo_tasks_task').on('promo_tasks').column('task_id').execute();

  await withId('recruiter_tasks')
    .addColumn('recruiter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('assigned_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recruiter_tasks_unique', ['recruiter_id', 'task_id'])
    .execute();
  await db.schema.createIndex('recruiter_tasks_task').on('recruiter_tasks').column('task_id').execute();

  await withId('files')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId('talents')
    .addColumn('recruiter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('phone_e164', 'text', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('education_level', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('expected_salary', money)
    .addColumn('expected_salary_currency', 'text', (c) => c.notNull().defaultTo('MYR'))
    .addColumn('resume_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('resume_text', 'text')
    .addColumn('parse_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('has_work_experience', 'integer')
    .addColumn('years_of_experience', 'integer')
    .addColumn('current_position', 'text')
    .addColumn('skills', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('summary', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Within one recruiter the same person is the same talent record.
  await db.schema
    .createIndex('talents_recruiter_email')
    .on('talents')
    .columns(['recruiter_id', 'email_normalized'])
    .unique()
    .execute();
  await db.schema
    .createIndex('talents_recruiter_phone')
    .on('talents')
    .columns(['recruiter_id', 'phone_e164'])
    .execute();
  await db.schema
    .createIndex('talents_recruiter_created')
    .on('talents')
    .columns(['recruiter_id', 'created_at'])
    .execute();

  await withId('payments')
    .addColumn('recruiter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('reference', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_status_created').on('payments').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('payments_recruiter').on('payments').columns(['recruiter_id', 'created_at']).execute();

  await withId('referrals')
    .addColumn('talent_id', 'integer', (c) => c.notNull().references('talents.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('recruiter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_email', 'text', (c) => c.notNull())
    .addColumn('person_phone', 'text', (c) => c.notNull())
    .addColumn('recruiter_note', 'text')
    .addColumn('rating', 'integer')
    .addColumn('consent_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('consent_decided_at', 'text')
    .addColumn('ita_status', 'text', (c) => c.notNull().defaultTo('NOT_SENT'))
    .addColumn('ita_decided_at', 'text')
    .addColumn('hiring_status', 'text', (c) => c.notNull().defaultTo('SUBMITTED'))
    .addColumn('reward_status', 'text')
    .addColumn('reward_amount', money)
    .addColumn('reward_currency', 'text')
    .addColumn('reward_reason', 'text')
    .addColumn('reward_decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reward_decided_at', 'text')
    .addColumn('promo_id', 'integer', (c) => c.references('promos.id').onDelete('set null'))
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A person can be referred to a task once, across all recruiters (PRODUCT.md "Duplicates").
  await db.schema
    .createIndex('referrals_task_email')
    .on('referrals')
    .columns(['task_id', 'person_email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('referrals_task_phone')
    .on('referrals')
    .columns(['task_id', 'person_phone'])
    .unique()
    .execute();
  await db.schema
    .createIndex('referrals_talent_task')
    .on('referrals')
    .columns(['talent_id', 'task_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('referrals_recruiter_task')
    .on('referrals')
    .columns(['recruiter_id', 'task_id', 'created_at'])
    .execute();
  await db.schema.createIndex('referrals_task_reward').on('referrals').columns(['task_id', 'reward_status']).execute();
  await db.schema.createIndex('referrals_hiring').on('referrals').columns(['hiring_status', 'created_at']).execute();
  await db.schema.createIndex('referrals_payment').on('referrals').column('payment_id').execute();

  await withId('referral_history')
    .addColumn('referral_id', 'integer', (c) => c.notNull().references('referrals.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('referral_history_referral')
    .on('referral_history')
    .columns(['referral_id', 'created_at'])
    .execute();

  await withId('call_proofs')
    .addColumn('referral_id', 'integer', (c) => c.notNull().references('referrals.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
    .addColumn('called_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('NEED_REVIEW'))
    .addColumn('review_reason', 'text')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('call_proofs_referral')
    .on('call_proofs')
    .columns(['referral_id', 'created_at'])
    .execute();
  await db.schema.createIndex('call_proofs_review').on('call_proofs').column('review_status').execute();

  await withId('one_time_tokens')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('referral_id', 'integer', (c) => c.references('referrals.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('voided_at', 'text')
    .execute();
  await db.schema
    .createIndex('one_time_tokens_referral')
    .on('one_time_tokens')
    .columns(['referral_id', 'kind'])
    .execute();
  await db.schema.createIndex('one_time_tokens_user').on('one_time_tokens').columns(['user_id', 'kind']).execute();

  await withId('email_outbox')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_outbox_due').on('email_outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'rate_limits',
    'idempotency_keys',
    'email_outbox',
    'one_time_tokens',
    'call_proofs',
    'referral_history',
    'referrals',
    'payments',
    'talents',
    'files',
    'recruiter_tasks',
    'promo_tasks',
    'promos',
    'tasks',
    'refresh_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
