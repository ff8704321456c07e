import type { DB } from '#src/server/db/connect.ts';
import type { EmailTemplate } from '#src/server/mail/outbox.ts';
import type { NotificationKind, NotificationPayload } from '#src/shared/notifications.ts';
import { type DeliveryContext, deliver, loadRecipient } from './deliver';
import { recordBroadcast } from './record-event';

/** Who and what a referral is about, as the notices name them: its talent (erased or not) and its task. */
async function referralSubject(db: DB, referralId: number) {
  const row = await db
    .selectFrom('referrals')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .select([
      'referrals.recruiter_id as recruiterId',
      'talents.id as talentId',
      'talents.full_name as talentName',
      'talents.erased_at as erasedAt',
      'tasks.title as taskTitle',
    ])
    .where('referrals.id', '=', referralId)
    .executeTakeFirstOrThrow();
  const names: NotificationPayload = {
    talentName: row.talentName,
    ...(row.erasedAt ? { talentErased: true } : {}),
    taskTitle: row.taskTitle,
  };
  return { ...row, names };
}

/**
 * A notice to a referral's recruiter about that referral (a talent's answer or withdrawal, an expired
 * consent link, a call-proof review, a hiring move), in the caller's transaction. It names the talent and
 * the task and opens the talent's page (`page`: its profile, with this referral open, or its hiring
 * status, which shows every referral's timeline). The e-mail, when the
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
  const subject = await referralSubject(db, notice.referralId);
  const recipient = await loadRecipient(db, subject.recruiterId);
  if (!recipient) return;
  await deliver(db, ctx, [recipient], {
    kind: notice.kind,
    talentId: subject.talentId,
    // The profile opens with this referral expanded and scrolled to (`?referral=`, issue 42.18).
    path:
      notice.page === 'hiring-status'
        ? `/talents-folder/${subject.talentId}/hiring-status`
        : `/talents-folder/${subject.talentId}/profile?referral=${notice.referralId}`,
    payload: { ...subject.names, ...notice.payload },
    email: notice.template && {
      template: notice.template,
      payload: {
        recruiterName: recipient.full_name,
        talentName: subject.talentName,
        taskTitle: subject.taskTitle,
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
  const subject = await referralSubject(db, notice.referralId);
  await recordBroadcast(db, now, {
    audience: 'ADMINS',
    kind: notice.kind,
    talentId: subject.talentId,
    path: `/admin/hiring-status?referral=${notice.referralId}`,
    payload: { ...subject.names, ...notice.payload },
  });
}
