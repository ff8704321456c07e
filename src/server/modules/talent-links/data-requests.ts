import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { notifyUser } from '#src/server/notifications/deliver.ts';
import { recordBroadcast } from '#src/server/notifications/record-event.ts';
import type { TalentCorrection } from '#src/shared/recruiter-types.ts';
import { DATA_REQUEST_DAYS } from '#src/shared/retention.ts';
import { tellTalentRequestAnswered } from './request-answered-mail';

/**
 * Records the talent's correction request (OPEN, answered within DATA_REQUEST_DAYS: PDPA s31) and
 * e-mails the talent's recruiter, who corrects the profile as usual; in the caller's transaction.
 */
export async function requestCorrection(
  trx: DB,
  deps: Pick<AppDeps, 'env'>,
  now: Date,
  values: { talentId: number; message: string },
): Promise<void> {
  const at = now.toISOString();
  const dueAt = new Date(now.getTime() + DATA_REQUEST_DAYS * 86_400_000).toISOString();
  await trx
    .insertInto('data_requests')
    .values({
      talent_id: values.talentId,
      referral_id: null,
      kind: 'CORRECTION',
      message: values.message,
      status: 'OPEN',
      due_at: dueAt,
      created_at: at,
      closed_at: null,
      closed_by: null,
      response: null,
    })
    .execute();
  const row = await trx
    .selectFrom('talents')
    .innerJoin('users', 'users.id', 'talents.recruiter_id')
    .select(['users.id as recruiterId', 'users.full_name as recruiterName', 'talents.full_name as talentName'])
    .where('talents.id', '=', values.talentId)
    .executeTakeFirstOrThrow();
  await notifyUser(trx, { env: deps.env, now }, row.recruiterId, {
    kind: 'DATA_CORRECTION_REQUESTED',
    talentId: values.talentId,
    path: `/talents-folder/${values.talentId}/profile`,
    payload: { talentName: row.talentName },
    email: {
      template: 'data_correction_requested',
      payload: { recruiterName: row.recruiterName, talentName: row.talentName, message: values.message, dueAt },
    },
  });
  await recordBroadcast(trx, now, {
    audience: 'ADMINS',
    kind: 'ADMIN_DATA_REQUEST',
    talentId: values.talentId,
    path: '/admin/data-protection?tab=requests',
    payload: { requestKind: 'CORRECTION' },
  });
}

/** The talent's open correction requests, oldest first: the recruiter's profile shows them with their clock. */
export async function openCorrections(db: DB, talentId: number): Promise<TalentCorrection[]> {
  const rows = await db
    .selectFrom('data_requests')
    .select(['id', 'message', 'created_at', 'due_at'])
    .where('talent_id', '=', talentId)
    .where('kind', '=', 'CORRECTION')
    .where('status', '=', 'OPEN')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, message: r.message ?? '', createdAt: r.created_at, dueAt: r.due_at }));
}

/**
 * The recruiter has corrected the profile and closes the talent's correction request (DONE), saying
 * what they corrected; admins see it in Data protection with who closed it. Only the recruiter of the
 * talent, and only a correction (a withdrawal is the admins'): anything else is not found.
 */
export async function closeCorrection(
  deps: Pick<AppDeps, 'db' | 'now' | 'env'>,
  recruiterId: number,
  talentId: number,
  requestId: number,
  response: string,
): Promise<{ id: number; status: 'DONE'; closedAt: string }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('data_requests')
      .innerJoin('talents', 'talents.id', 'data_requests.talent_id')
      .select(['data_requests.id', 'data_requests.status'])
      .where('data_requests.id', '=', requestId)
      .where('data_requests.talent_id', '=', talentId)
      .where('data_requests.kind', '=', 'CORRECTION')
      .where('talents.recruiter_id', '=', recruiterId)
      .where('talents.erased_at', 'is', null)
      .$if(isPostgres(trx), (q) => q.forUpdate('data_requests'))
      .executeTakeFirst();
    if (!row) throw notFound('Request');
    if (row.status !== 'OPEN') throw new AppError('CONFLICT', 409, 'This request is already closed.');
    await trx
      .updateTable('data_requests')
      .set({ status: 'DONE', response: response.trim(), closed_at: at, closed_by: recruiterId })
      .where('id', '=', requestId)
      .execute();
    await tellTalentRequestAnswered(trx, deps, deps.now(), requestId);
    return { id: requestId, status: 'DONE' as const, closedAt: at };
  });
}
