import type { Kysely } from 'kysely';

// Issue 22, finding 7: an invitation's temporary password worked forever for anyone who had not yet set
// their own. The invitation now says until when it works; null (every account from before this release,
// and every account with its own password) means no temporary password is in use.
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('temporary_password_expires_at', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('temporary_password_expires_at').execute();
}
