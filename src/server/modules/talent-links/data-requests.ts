import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { appLink } from '#src/server/mail/app-link.ts';
import { enqueueEmail } from '#src/server/mail/outbox.ts';
import { toAppLocale } from '#src/shared/enums.ts';
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
    .select(['users.email', 'users.full_name as recruiterName', 'users.locale', 'talents.full_name as talentName'])
    .where('talents.id', '=', values.talentId)
    .executeTakeFirstOrThrow();
  const locale = toAppLocale(row.locale);
  await enqueueEmail(
    trx,
    {
      to: row.email,
      locale,
      template: 'data_correction_requested',
      talentId: values.talentId,
      payload: {
        recruiterName: row.recruiterName,
        talentName: row.talentName,
        message: values.message,
        dueAt,
        link: appLink(deps.env.APP_URL, locale, `/talents-folder/${values.talentId}/profile`),
      },
    },
    now,
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
