import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { notifyUser } from '#src/server/notifications/deliver.ts';
import { recordBroadcast } from '#src/server/notifications/record-event.ts';
import type { TalentCorrection } from '#src/shared/recruiter-types.ts';
import { CORRECTION_REQUEST_LIMIT, DATA_REQUEST_DAYS } from '#src/shared/retention.ts';
import { tellTalentRequestAnswered } from './request-answered-mail';

// How many correction requests a talent record takes (CORRECTION_REQUEST_LIMIT open at once, and as many
// in 24 hours): each e-mails the recruiter and tells every admin, so a data link cannot flood them. A
// person with more to correct says it in one request.
const CORRECTION_LIMITS = { open: CORRECTION_REQUEST_LIMIT, perDay: CORRECTION_REQUEST_LIMIT } as const;
const DAY_MS = 86_400_000;

/**
 * Records the talent's correction request (OPEN, answered within DATA_REQUEST_DAYS: PDPA s31) and
 * e-mails the talent's recruiter, who corrects the profile as usual; in the caller's transaction.
 * Past CORRECTION_LIMITS (open at once, or sent in the last 24 hours): 429, nothing written or sent.
 */
export async function requestCorrection(
  trx: DB,
  deps: Pick<AppDeps, 'env'>,
  now: Date,
  values: { talentId: number; message: string },
): Promise<void> {
  const at = now.toISOString();
  await refuseOverLimit(trx, values.talentId, now);
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

async function refuseOverLimit(trx: DB, talentId: number, now: Date): Promise<void> {
  // Two requests at once count one after the other (SQLite's writes are serial already).
  if (isPostgres(trx)) await trx.selectFrom('talents').select('id').where('id', '=', talentId).forUpdate().execute();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const rows = await trx
    .selectFrom('data_requests')
    .select(['status', 'created_at'])
    .where('talent_id', '=', talentId)
    .where('kind', '=', 'CORRECTION')
    .where((eb) => eb.or([eb('status', '=', 'OPEN'), eb('created_at', '>', dayAgo)]))
    .orderBy('created_at')
    .execute();
  const open = rows.filter((row) => row.status === 'OPEN').length;
  const today = rows.filter((row) => row.created_at > dayAgo);
  if (open < CORRECTION_LIMITS.open && today.length < CORRECTION_LIMITS.perDay) return;
  // When the day's limit is what stops it, the oldest of the day's requests says when one more is taken.
  const oldest = today.length >= CORRECTION_LIMITS.perDay ? today[today.length - CORRECTION_LIMITS.perDay] : undefined;
  const retryAfter = oldest
    ? Math.max(1, Math.ceil((Date.parse(oldest.created_at) + DAY_MS - now.getTime()) / 1000))
    : null;
  throw new AppError(
    'RATE_LIMITED',
    429,
    `At most ${CORRECTION_LIMITS.open} correction requests can wait for an answer, and ${CORRECTION_LIMITS.perDay} be sent a day.`,
    { message: 'correction_limit' },
    retryAfter && open < CORRECTION_LIMITS.open ? { 'Retry-After': String(retryAfter) } : undefined,
  );
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
