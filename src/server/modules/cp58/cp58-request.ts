import { sql } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import { isPostgres } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { recordBroadcast } from '#src/server/notifications/record-event.ts';
import type { Cp58RecruiterView, Cp58RequestAnswer } from '#src/shared/cp58-types.ts';
import { paidInYear } from './cp58-figures';
import { cp58Threshold, yearBounds } from './cp58-settings';
import { CP58_LOCK, formSummary, formsQuery } from './cp58-store';

// Issue 46: a recruiter paid less than the threshold gets Form CP58 on request (a button on their yearly
// statement). The request is one row per recruiter and year; every admin hears of it (ADMIN_CP58_REQUESTED,
// and the daily digest counts the requests waiting) and issues it from Admin › Paperwork. Asking again while
// one waits tells nobody twice; asking after a version was issued (details corrected since) asks again.

export async function requestCp58(
  deps: AppDeps,
  recruiter: { id: number; fullName: string },
  year: number,
): Promise<Cp58RequestAnswer> {
  const now = deps.now();
  // A form states a whole calendar year: one still running has no form yet.
  if (yearBounds(year).to > now.toISOString())
    throw new AppError('CONFLICT', 409, `The year ${year} is not over yet.`, { year: 'cp58_year_not_over' });
  const paid = (await paidInYear(deps.db, year, [recruiter.id])).get(recruiter.id);
  if (!paid || paid.payments.length === 0)
    throw new AppError('CONFLICT', 409, `You were paid nothing in ringgit in ${year}.`, { year: 'cp58_nothing_paid' });

  return deps.db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${CP58_LOCK}, ${recruiter.id})`.execute(trx);
    const [request, latest] = await Promise.all([
      trx
        .selectFrom('cp58_requests')
        .select(['id', 'requested_at'])
        .where('recruiter_id', '=', recruiter.id)
        .where('year', '=', year)
        .executeTakeFirst(),
      trx
        .selectFrom('cp58_forms')
        .select((eb) => eb.fn.max('issued_at').as('issued_at'))
        .where('recruiter_id', '=', recruiter.id)
        .where('year', '=', year)
        .executeTakeFirst(),
    ]);
    const issuedAt = latest?.issued_at ?? null;
    if (request && (issuedAt === null || issuedAt < request.requested_at))
      return { year, requestedAt: request.requested_at, waiting: true };

    const at = now.toISOString();
    if (request)
      await trx.updateTable('cp58_requests').set({ requested_at: at }).where('id', '=', request.id).execute();
    else await trx.insertInto('cp58_requests').values({ recruiter_id: recruiter.id, year, requested_at: at }).execute();
    await recordBroadcast(trx, now, {
      audience: 'ADMINS',
      kind: 'ADMIN_CP58_REQUESTED',
      path: `/admin/paperwork?year=${year}`,
      payload: { recruiterName: recruiter.fullName, year },
    });
    return { year, requestedAt: at, waiting: true };
  });
}

/** `GET /api/recruiter/earning/cp58`: the recruiter's own forms (every version) and requests. */
export async function recruiterCp58View(deps: AppDeps, recruiterId: number): Promise<Cp58RecruiterView> {
  const [forms, requests] = await Promise.all([
    formsQuery(deps.db).where('cp58_forms.recruiter_id', '=', recruiterId).execute(),
    deps.db
      .selectFrom('cp58_requests')
      .select(['year', 'requested_at'])
      .where('recruiter_id', '=', recruiterId)
      .orderBy('year', 'desc')
      .execute(),
  ]);
  const summaries = forms.map(formSummary);
  return {
    threshold: cp58Threshold(deps.env),
    forms: summaries,
    requests: requests.map((r) => ({
      year: r.year,
      requestedAt: r.requested_at,
      waiting: !summaries.some((f) => f.year === r.year && f.issuedAt >= r.requested_at),
    })),
  };
}
