import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { tellTalentRequestAnswered } from '#src/server/modules/talent-links/request-answered-mail.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { CloseDataRequestInput, DataRequestListQuery } from '#src/shared/data-protection-schemas.ts';
import type { DataRequestRow } from '#src/shared/data-protection-types.ts';
import { toAppLocale } from '#src/shared/enums.ts';

// The talents' correction and withdrawal requests (issue 24 part 3), each with its 21-day clock
// (data_requests.due_at, set when the talent asks: PDPA s31).

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until `dueAt`: a part-day left counts as a day left, a part-day late as a day overdue. */
export function daysLeft(dueAt: string, now: Date): number {
  const ms = new Date(dueAt).getTime() - now.getTime();
  return ms >= 0 ? Math.ceil(ms / DAY_MS) : Math.floor(ms / DAY_MS);
}

const selectRows = (db: DB) =>
  db
    .selectFrom('data_requests')
    .innerJoin('talents', 'talents.id', 'data_requests.talent_id')
    .innerJoin('users as recruiter', 'recruiter.id', 'talents.recruiter_id')
    .leftJoin('users as closer', 'closer.id', 'data_requests.closed_by')
    // A withdrawal is about one referral: its task and company say which consent was withdrawn.
    .leftJoin('referrals', 'referrals.id', 'data_requests.referral_id')
    .leftJoin('tasks', 'tasks.id', 'referrals.task_id');

/** Oldest due first: the request that must be answered soonest leads. */
export async function listDataRequests(
  deps: Pick<AppDeps, 'db' | 'now'>,
  query: DataRequestListQuery,
): Promise<ListPage<DataRequestRow>> {
  const { db } = deps;
  const now = deps.now();
  const [rows, count] = await Promise.all([
    selectRows(db)
      .select([
        'data_requests.id',
        'data_requests.kind',
        'data_requests.status',
        'data_requests.message',
        'data_requests.referral_id',
        'data_requests.created_at',
        'data_requests.due_at',
        'data_requests.closed_at',
        'data_requests.response',
        'talents.id as talent_id',
        'talents.full_name as talent_name',
        'talents.erased_at as talent_erased_at',
        'talents.contact_locale as talent_locale',
        'recruiter.id as recruiter_id',
        'recruiter.full_name as recruiter_name',
        'closer.full_name as closer_name',
        'tasks.id as task_id',
        'tasks.code as task_code',
        'tasks.title as task_title',
        'tasks.company as task_company',
      ])
      .where('data_requests.status', '=', query.status)
      .orderBy('data_requests.due_at')
      .orderBy('data_requests.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('data_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', query.status)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      message: r.message,
      talent: {
        id: r.talent_id,
        fullName: r.talent_name,
        erasedAt: r.talent_erased_at,
        // As request-answered-mail.ts picks the e-mail's language.
        locale: toAppLocale(r.talent_locale),
      },
      recruiter: { id: r.recruiter_id, name: r.recruiter_name },
      referralId: r.referral_id,
      task:
        r.task_id === null
          ? null
          : { id: r.task_id, code: r.task_code ?? '', title: r.task_title ?? '', company: r.task_company ?? '' },
      createdAt: r.created_at,
      dueAt: r.due_at,
      daysLeft: daysLeft(r.due_at, now),
      closedAt: r.closed_at,
      closedBy: r.closer_name ?? null,
      response: r.response,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(count.n),
  };
}

/** Closes an open request as done or refused, with the answer; a closed one cannot be closed again (409). */
export async function closeDataRequest(
  deps: Pick<AppDeps, 'db' | 'now' | 'env'>,
  adminId: number,
  requestId: number,
  input: CloseDataRequestInput,
): Promise<{ id: number; status: 'DONE' | 'REFUSED'; closedAt: string }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('data_requests')
      .select(['id', 'status'])
      .where('id', '=', requestId)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) throw notFound('Request');
    if (row.status !== 'OPEN') throw new AppError('CONFLICT', 409, 'This request is already closed.');
    await trx
      .updateTable('data_requests')
      .set({ status: input.status, response: input.response.trim(), closed_at: at, closed_by: adminId })
      .where('id', '=', requestId)
      .execute();
    await tellTalentRequestAnswered(trx, deps, deps.now(), requestId);
    return { id: requestId, status: input.status, closedAt: at };
  });
}
