import type { Kysely } from 'kysely';

// Issue 26: /metrics counts the resumes waiting to be parsed at every scrape, and the parser looks for
// them every second; without an index both read the whole talents table. Most talents are DONE or
// SKIPPED, so the waiting ones are a short range of this index.
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('talents_parse_status').on('talents').column('parse_status').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('talents_parse_status').execute();
}
