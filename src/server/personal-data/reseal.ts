import { sql } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import { type SealingKeys, seal, sealedKeyId, unseal } from '#src/server/security/sealing.ts';
import { SEALED_PLACES } from './sealed-details';

// Key rotation (issue 46): the operator puts a new key first in SEALING_KEYS and keeps the old one after
// it; at start, every value sealed under another key than the first is opened and sealed again with the
// first, so the old key can then be dropped. Each row changes only if it still holds the value read
// (a recruiter saving at the same moment wins), so several instances starting at once are safe.

export type ResealRun = { resealed: number; unreadable: number };

/** One kind of sealed value: its rows under another key than `current`, after an id, and its guarded write. */
type Target = {
  place: (id: number) => string;
  find: (db: DB, current: string, after: number) => Promise<Array<{ id: number; sealed: string | null }>>;
  write: (db: DB, id: number, was: string, sealed: string) => Promise<bigint>;
};

const BATCH = 200;
const notUnder = (column: 'payout_sealed' | 'sealed' | 'payee_sealed' | 'pdf_sealed', current: string) =>
  sql<boolean>`substr(${sql.ref(column)}, 1, ${current.length}) <> ${current}`;

/** A sealed column of the issued Form CP58s (modules/cp58/cp58-store.ts): its place, by the form's id. */
const cp58Target = (column: 'payee_sealed' | 'pdf_sealed', place: (id: number) => string): Target => ({
  place,
  find: (db, current, after) =>
    db
      .selectFrom('cp58_forms')
      .select(['id', `${column} as sealed`])
      .where('id', '>', after)
      .where(notUnder(column, current))
      .orderBy('id')
      .limit(BATCH)
      .execute(),
  // The same content sealed again under the newer key: the form itself does not change.
  write: async (db, id, was, sealed) =>
    (
      await db
        .updateTable('cp58_forms')
        .set({ [column]: sealed })
        .where('id', '=', id)
        .where(column, '=', was)
        .executeTakeFirst()
    ).numUpdatedRows,
});

const TARGETS: Target[] = [
  {
    place: SEALED_PLACES.payout,
    find: (db, current, after) =>
      db
        .selectFrom('users')
        .select(['id', 'payout_sealed as sealed'])
        .where('payout_sealed', 'is not', null)
        .where('id', '>', after)
        .where(notUnder('payout_sealed', current))
        .orderBy('id')
        .limit(BATCH)
        .execute(),
    write: async (db, id, was, sealed) =>
      (
        await db
          .updateTable('users')
          .set({ payout_sealed: sealed })
          .where('id', '=', id)
          .where('payout_sealed', '=', was)
          .executeTakeFirst()
      ).numUpdatedRows,
  },
  {
    place: SEALED_PLACES.payee,
    find: (db, current, after) =>
      db
        .selectFrom('payees')
        .select(['user_id as id', 'sealed'])
        .where('user_id', '>', after)
        .where(notUnder('sealed', current))
        .orderBy('user_id')
        .limit(BATCH)
        .execute(),
    write: async (db, id, was, sealed) =>
      (
        await db
          .updateTable('payees')
          .set({ sealed })
          .where('user_id', '=', id)
          .where('sealed', '=', was)
          .executeTakeFirst()
      ).numUpdatedRows,
  },
  // Issue 46: Form CP58's copies of the payee details and its PDF, bound to the form's id.
  cp58Target('payee_sealed', SEALED_PLACES.cp58Payee),
  cp58Target('pdf_sealed', SEALED_PLACES.cp58Pdf),
];

export async function resealOldValues(db: DB, keys: SealingKeys): Promise<ResealRun> {
  const run: ResealRun = { resealed: 0, unreadable: 0 };
  const current = `s1.${keys.currentId}.`;
  for (const target of TARGETS) {
    let after = 0;
    for (;;) {
      const rows = await target.find(db, current, after);
      for (const row of rows) {
        after = Number(row.id);
        if (row.sealed === null) continue;
        let plain: string;
        try {
          plain = unseal(keys, target.place(after), row.sealed);
        } catch (error) {
          run.unreadable += 1;
          // The key's id only, never the value: the operator sees which key SEALING_KEYS lacks.
          logger.error(
            { area: 'sealing', keyId: sealedKeyId(row.sealed), error: loggedError(error) },
            'a sealed value cannot be opened with SEALING_KEYS',
          );
          continue;
        }
        run.resealed += Number(await target.write(db, after, row.sealed, seal(keys, target.place(after), plain)));
      }
      if (rows.length < BATCH) break;
    }
  }
  return run;
}
