import type { DB } from '#src/server/db/connect.ts';
import { monthStartUtc } from '#src/server/modules/insight/period.ts';
import { recordAccess } from './access-log';

// Issue 46: the payer keeps its copy of each Form CP58 for RETENTION_PAYMENT_YEARS (7) after the year it
// states, and no longer: the copies hold the payee's identity number. Once that many whole years have passed
// since the end of the year (in Malaysia time, as the forms count it), every version issued for it goes,
// with the recruiters' requests for it. Each recruiter whose forms go is a RETENTION_ERASE line of the
// access record.

/** The newest year whose forms are past keeping at `now`: forms of 2025 go on 1 January 2033 with 7 years. */
export function lastExpiredYear(now: Date, years: number): number {
  let year = Number(now.toISOString().slice(0, 4)) + 1;
  // The Malaysian new year begins 8 hours before UTC's: step back until `year + 1 + years` has begun there.
  while (monthStartUtc(`${String(year + 1 + years).padStart(4, '0')}-01`) > now.toISOString()) year -= 1;
  return year;
}

/** Deletes the forms and requests past keeping; answers how many forms went. */
export async function eraseExpiredCp58(db: DB, now: Date, years: number): Promise<number> {
  const through = lastExpiredYear(now, years);
  const due = await db
    .selectFrom('cp58_forms')
    .select(['recruiter_id', 'year'])
    .distinct()
    .where('year', '<=', through)
    .orderBy('year')
    .orderBy('recruiter_id')
    .execute();
  let erased = 0;
  for (const { recruiter_id: recruiterId, year } of due) {
    await db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('cp58_forms')
        .where('recruiter_id', '=', recruiterId)
        .where('year', '=', year)
        .executeTakeFirst();
      const forms = Number(deleted.numDeletedRows);
      if (forms === 0) return; // another instance was first
      erased += forms;
      await recordAccess(trx, now, {
        actorId: null,
        actorKind: 'SYSTEM',
        action: 'RETENTION_ERASE',
        subjectKind: 'RECRUITER',
        subjectId: recruiterId,
        detail: { what: 'cp58', year, forms },
      });
    });
  }
  await db.deleteFrom('cp58_requests').where('year', '<=', through).execute();
  return erased;
}
