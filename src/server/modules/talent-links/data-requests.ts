import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { notifyUser } from '#src/server/notifications/deliver.ts';
import { recordBroadcast } from '#src/server/notifications/record-event.ts';
import type { TalentCorrection } from '#src/shared/recruiter-types.ts';
import { DATA_REQUEST_DAYS } from '#src/shared/retention.ts';

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
