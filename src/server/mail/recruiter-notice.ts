import type { DB } from '#src/server/db/connect.ts';
import { toAppLocale } from '#src/shared/enums.ts';
import { appLink } from './app-link';
import { type EmailTemplate, enqueueEmail } from './outbox';

/**
 * An e-mail to a referral's recruiter about that referral (a talent's answer or withdrawal, an expired
 * consent link, a rejected call proof, a hiring move), in the recruiter's language, queued in the caller's
 * transaction. Every such template reads recruiterName, talentName, taskTitle and a link to the talent's
 * page (`page`: its profile, or its hiring status), plus its own `payload`.
 */
export async function queueRecruiterNotice(
  db: DB,
  appUrl: string,
  now: Date,
  notice: {
    referralId: number;
    template: EmailTemplate;
    payload?: Record<string, unknown>;
    page?: 'profile' | 'hiring-status';
  },
): Promise<void> {
  const row = await db
    .selectFrom('referrals')
    .innerJoin('users', 'users.id', 'referrals.recruiter_id')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .select([
      'users.email',
      'users.full_name as recruiterName',
      'users.locale',
      'talents.id as talentId',
      'talents.full_name as talentName',
      'tasks.title as taskTitle',
    ])
    .where('referrals.id', '=', notice.referralId)
    .executeTakeFirstOrThrow();
  const locale = toAppLocale(row.locale);
  await enqueueEmail(
    db,
    {
      to: row.email,
      locale,
      template: notice.template,
      talentId: row.talentId,
      payload: {
        recruiterName: row.recruiterName,
        talentName: row.talentName,
        taskTitle: row.taskTitle,
        ...notice.payload,
        link: appLink(appUrl, locale, `/talents-folder/${row.talentId}/${notice.page ?? 'profile'}`),
      },
    },
    now,
  );
}
