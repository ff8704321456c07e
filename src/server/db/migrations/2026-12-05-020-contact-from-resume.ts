import type { Kysely } from 'kysely';

// Issue 42.4: a drop queued offline may leave the name, e-mail and phone to be read from the resume when
// it arrives. Profile completion then asks the recruiter to check what was read, so the talent records
// which fields came from the resume (a JSON list such as ["email","phone"]) until the recruiter confirms
// them. Null means typed by the recruiter, as every talent from before this release was.
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('talents').addColumn('contact_from_resume', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('talents').dropColumn('contact_from_resume').execute();
}
