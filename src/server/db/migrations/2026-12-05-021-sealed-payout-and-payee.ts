import type { Kysely } from 'kysely';
import { migrationKeys } from '#src/server/db/migration-keys.ts';
import { type SealingKeys, sealJson, unsealJson } from '#src/server/security/sealing.ts';

// Issue 46: what a payer needs about the people it pays is sealed at rest (security/sealing.ts).
// - `users.payout_sealed`: the bank details (bank, account name, account number), sealed for `payout:<id>`.
//   The rows stored as typed before are sealed here, with the keys migrate.ts gives this run, and the three
//   columns that held them are emptied (SQLite's secure_delete overwrites the bytes) and dropped.
// - `payees`: a recruiter's details for Form CP58 (the name on the identity card, the card or passport
//   number, the income tax number, the postal address), one sealed value per user, for `payee:<id>`.
// `down` opens the bank details back into their columns; the payee details go with their table.

type Payout = { bankName: string | null; accountName: string | null; accountNumber: string | null };
const PLAIN = ['bank_name', 'bank_account_name', 'bank_account_number'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The rows to seal and the keys first, before any change: Kysely runs SQLite's migrations outside a
  // transaction, so a start without SEALING_KEYS must stop before it alters anything.
  const rows = (await db
    .selectFrom('users')
    .select(['id', ...PLAIN])
    .where((eb) => eb.or(PLAIN.map((column) => eb(column, 'is not', null))))
    .orderBy('id')
    .execute()) as Array<{
    id: number;
    bank_name: string | null;
    bank_account_name: string | null;
    bank_account_number: string | null;
  }>;
  const keys =
    rows.length > 0 ? migrationKeys(`${rows.length} account(s) hold bank details stored as typed, to be sealed`) : null;

  await db.schema.alterTable('users').addColumn('payout_sealed', 'text').execute();
  await db.schema
    .createTable('payees')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const row of keys ? rows : []) {
    const payout: Payout = {
      bankName: row.bank_name,
      accountName: row.bank_account_name,
      accountNumber: row.bank_account_number,
    };
    await db
      .updateTable('users')
      .set({ payout_sealed: sealJson(keys as SealingKeys, `payout:${row.id}`, payout), ...emptied })
      .where('id', '=', row.id)
      .execute();
  }
  for (const column of PLAIN) await db.schema.alterTable('users').dropColumn(column).execute();
}

const emptied = { bank_name: null, bank_account_name: null, bank_account_number: null };

// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of PLAIN) await db.schema.alterTable('users').addColumn(column, 'text').execute();
  const rows = (await db
    .selectFrom('users')
    .select(['id', 'payout_sealed'])
    .where('payout_sealed', 'is not', null)
    .orderBy('id')
    .execute()) as Array<{ id: number; payout_sealed: string }>;
  if (rows.length > 0) {
    const keys = migrationKeys(`${rows.length} account(s) hold sealed bank details, to be opened back`);
    for (const row of rows) {
      const payout = unsealJson<Payout>(keys, `payout:${row.id}`, row.payout_sealed);
      await db
        .updateTable('users')
        .set({
          bank_name: payout.bankName,
          bank_account_name: payout.accountName,
          bank_account_number: payout.accountNumber,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  await db.schema.alterTable('users').dropColumn('payout_sealed').execute();
  await db.schema.dropTable('payees').ifExists().execute();
}
