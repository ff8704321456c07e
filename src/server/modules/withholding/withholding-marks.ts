import type { DB } from '#src/server/db/connect.ts';
import type { WithholdingMark, WithholdingMarkRow } from '#src/shared/withholding-types.ts';
import type { WithholdingSettings } from './withholding-settings';
import { malaysiaYearOf, malaysiaYearStartUtc } from './withholding-year';

// Section 107D (issue 46): who is marked for a year. A recruiter paid more than the threshold in MYR in the
// previous calendar year (Malaysia time; PAID payments by their paid time, gross, strictly more: exactly
// RM100,000.00 is not marked) is marked for the year. A mark is written once (unique per recruiter and
// year) and never changed or removed: payments already made under it stay as they were.
//
// Marks are written by the yearly job (jobs/withholding-marks.ts, at start-up and every hour, so within the
// hour after midnight on 1 January and for a payment recorded late into the year before), and by the
// creation of a payment for a recruiter who is due one (ensureMark), so no payment created in the year
// escapes withholding while the job has not run yet.

type MarkRow = {
  id: number;
  year: number;
  paid_amount: number | string;
  threshold_amount: number | string;
  marked_at: string;
};

const toMark = (row: MarkRow): WithholdingMark & { id: number } => ({
  id: row.id,
  year: row.year,
  paidAmount: Number(row.paid_amount),
  threshold: Number(row.threshold_amount),
  markedAt: row.marked_at,
});

/** The MYR paid in `year - 1` to each recruiter (or to one) who crossed the threshold. */
async function overThreshold(db: DB, year: number, threshold: number, recruiterId?: number) {
  const rows = await db
    .selectFrom('payments')
    .select((eb) => ['recruiter_id', eb.fn.sum<number | string>('amount').as('paid')])
    .where('status', '=', 'PAID')
    .where('currency', '=', 'MYR')
    .where('paid_at', '>=', malaysiaYearStartUtc(year - 1))
    .where('paid_at', '<', malaysiaYearStartUtc(year))
    .$if(recruiterId !== undefined, (q) => q.where('recruiter_id', '=', recruiterId as number))
    .groupBy('recruiter_id')
    .having((eb) => eb.fn.sum('amount'), '>', threshold)
    .orderBy('recruiter_id')
    .execute();
  return rows.map((row) => ({ recruiterId: row.recruiter_id, paid: Number(row.paid) }));
}

const selectMark = (db: DB, recruiterId: number, year: number) =>
  db
    .selectFrom('withholding_marks')
    .select(['id', 'year', 'paid_amount', 'threshold_amount', 'marked_at'])
    .where('recruiter_id', '=', recruiterId)
    .where('year', '=', year)
    .executeTakeFirst();

/**
 * Marks every recruiter due a mark for `year` who has none yet; answers how many it marked. Safe to run
 * again and on several instances at once: a mark that exists is left as it is.
 */
export async function markYear(db: DB, year: number, settings: WithholdingSettings, now: Date): Promise<number> {
  const due = await overThreshold(db, year, settings.threshold);
  if (due.length === 0) return 0;
  const at = now.toISOString();
  const inserted = await db
    .insertInto('withholding_marks')
    .values(
      due.map((row) => ({
        recruiter_id: row.recruiterId,
        year,
        paid_amount: row.paid,
        threshold_amount: settings.threshold,
        marked_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['recruiter_id', 'year']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/**
 * The recruiter's mark for the year `at` falls in, written now if they are due one and have none: what a
 * payment created at `at` is made under (in the payment's transaction). Null when they are not marked.
 */
export async function ensureMark(
  db: DB,
  recruiterId: number,
  at: Date,
  settings: WithholdingSettings,
): Promise<(WithholdingMark & { id: number }) | null> {
  const year = malaysiaYearOf(at);
  const existing = await selectMark(db, recruiterId, year);
  if (existing) return toMark(existing);
  const [due] = await overThreshold(db, year, settings.threshold, recruiterId);
  if (!due) return null;
  await db
    .insertInto('withholding_marks')
    .values({
      recruiter_id: recruiterId,
      year,
      paid_amount: due.paid,
      threshold_amount: settings.threshold,
      marked_at: at.toISOString(),
    })
    .onConflict((oc) => oc.columns(['recruiter_id', 'year']).doNothing())
    .execute();
  const written = await selectMark(db, recruiterId, year);
  return written ? toMark(written) : null;
}

/**
 * What a payment created at `at` would be made under, without writing anything (the new-payment dialog):
 * the recruiter's mark, or the one they are due (`markedAt` null), or null.
 */
export async function markFor(
  db: DB,
  recruiterId: number,
  at: Date,
  settings: WithholdingSettings,
): Promise<WithholdingMark | null> {
  const year = malaysiaYearOf(at);
  const existing = await selectMark(db, recruiterId, year);
  if (existing) {
    const { id: _id, ...mark } = toMark(existing);
    return mark;
  }
  const [due] = await overThreshold(db, year, settings.threshold, recruiterId);
  return due ? { year, paidAmount: due.paid, threshold: settings.threshold, markedAt: null } : null;
}

/** The recruiters marked for `year`, by name. */
export async function listMarks(db: DB, year: number): Promise<WithholdingMarkRow[]> {
  const rows = await db
    .selectFrom('withholding_marks')
    .innerJoin('users', 'users.id', 'withholding_marks.recruiter_id')
    .select([
      'withholding_marks.id',
      'withholding_marks.year',
      'withholding_marks.paid_amount',
      'withholding_marks.threshold_amount',
      'withholding_marks.marked_at',
      'withholding_marks.recruiter_id',
      'users.full_name',
    ])
    .where('withholding_marks.year', '=', year)
    .orderBy('users.full_name')
    .orderBy('withholding_marks.recruiter_id')
    .execute();
  return rows.map((row) => {
    const { id: _id, ...mark } = toMark(row);
    return { ...mark, recruiterId: row.recruiter_id, recruiterName: row.full_name };
  });
}
