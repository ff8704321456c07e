import type { DB } from '#src/server/db/connect.ts';
import type { EmailTemplate } from '#src/server/mail/outbox.ts';
import type { NotificationKind, NotificationPayload } from '#src/shared/notifications.ts';
import { type DeliveryContext, deliver, RECIPIENT_COLUMNS } from './deliver';
import { recordBroadcast } from './record-event';

/**
 * A notice to a referral's recruiter about that referral (a talent's answer or withdrawal, an expired
 * consent link, a call-proof review, a hiring move), in the caller's transaction. It names the talent and
 * the task and opens the talent's page (`page`: its profile or its hiring status). The e-mail, when the
 * recruiter wants one, is `template`, which reads recruiterName, talentName, taskTitle and link, plus
 * `emailPayload`.
 */
export async function notifyReferralRecruiter(
  db: DB,
  ctx: DeliveryContext,
  notice: {
    referralId: number;
    kind: NotificationKind;
    payload?: NotificationPayload;
    template?: EmailTemplate;
    emailPayload?: Record<string, string | number | null>;
    page?: 'profile' | 'hiring-status';
  },
): Promise<void> {
  const row = await db
    .selectFrom('referrals')
    .innerJoin('users', 'users.id', 'referrals.recruiter_id')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .select([
      ...RECIPIENT_COLUMNS,
      'talents.id as talentId',
      'talents.full_name as talentName',
      'talents.erased_at as erasedAt',
      'tasks.title as taskTitle',
    ])
    .where('referrals.id', '=', notice.referralId)
    .executeTakeFirstOrThrow();
  await deliver(db, ctx, [row], {
    kind: notice.kind,
    talentId: row.talentId,
    path: `/talents-folder/${row.talentId}/${notice.page ?? 'profile'}`,
    payload: {
      talentName: row.talentName,
      ...(row.erasedAt ? { talentErased: true } : {}),
      taskTitle: row.taskTitle,
      ...notice.payload,
    },
    email: notice.template && {
      template: notice.template,
      payload: {
        recruiterName: row.full_name,
        talentName: row.talentName,
        taskTitle: row.taskTitle,
        ...notice.emailPayload,
      },
    },
  });
}

/** A waiting item about a referral, to every admin (a call proof to review, a reward to decide). */
export async function broadcastReferralToAdmins(
  db: DB,
  now: Date,
  notice: { referralId: number; kind: NotificationKind; payload?: NotificationPayload },
): Promise<void> {
  const row = await db
    .selectFrom('referrals')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .select([
      'talents.id as talentId',
      'talents.full_name as talentName',
      'talents.erased_at as erasedAt',
      'tasks.title as taskTitle',
    ])
    .where('referrals.id', '=', notice.referralId)
    .executeTakeFirstOrThrow();
  await recordBroadcast(db, now, {
    audience: 'ADMINS',
    kind: notice.kind,
    talentId: row.talentId,
    path: `/admin/hiring-status?referral=${notice.referralId}`,
    payload: {
      talentName: row.talentName,
      ...(row.erasedAt ? { talentErased: true } : {}),
      taskTitle: row.taskTitle,
      ...notice.payload,
    },
  });
}
