import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { appLink } from '#src/server/mail/app-link.ts';
import { enqueueEmail } from '#src/server/mail/outbox.ts';
import { newOpaqueToken, sha256 } from '#src/server/security/tokens.ts';
import type { ShareReveal } from '#src/shared/company-schemas.ts';
import type { ShareRefusal, ShareSummary, TaskShares } from '#src/shared/company-types.ts';
import { toAppLocale } from '#src/shared/enums.ts';
import { ANSWER_COLUMNS, toAnswerView } from './answer-view';
import { activeContacts, companyOfTask, toContact } from './company.service';
import { SHARE_LINK_COLUMNS, shareStateOf, toShareLink } from './share-link';

// Issue 45: review links. An admin shares chosen referrals of a task with chosen contacts of the task's
// company: one link per contact, its token stored only as SHA-256 and sent only in the contact's e-mail
// (queued in the same transaction). Only a referral whose talent confirmed consent, is not erased and is
// still in the running can be shared; a request naming any other is refused whole, with each reason.

const FINAL_HIRING = ['HIRED', 'REJECTED', 'WITHDRAWN'];

export const reviewLink = (appUrl: string, locale: string, token: string) =>
  appLink(appUrl, toAppLocale(locale), `/review?token=${token}`);

/** Why each referral named cannot go on a link of this task (none: all can). */
export async function shareRefusals(trx: DB, taskId: number, referralIds: number[]) {
  const rows = await trx
    .selectFrom('referrals')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .select([
      'referrals.id',
      'referrals.task_id',
      'referrals.consent_status',
      'referrals.hiring_status',
      'talents.erased_at',
    ])
    .where('referrals.id', 'in', referralIds)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refusals: Record<string, ShareRefusal> = {};
  for (const id of referralIds) {
    const row = byId.get(id);
    let why: ShareRefusal | null = null;
    // Another task's referral is as unknown here as one that never was.
    if (!row || row.task_id !== taskId) why = 'referral_not_in_task';
    else if (row.erased_at !== null) why = 'talent_erased';
    else if (row.consent_status !== 'CONFIRMED') why = 'consent_not_confirmed';
    else if (FINAL_HIRING.includes(row.hiring_status)) why = 'referral_closed';
    if (why) refusals[`referrals.${id}`] = why;
  }
  return refusals;
}

function refuse(refusals: Record<string, string>): never {
  throw new AppError(
    'CONFLICT',
    409,
    'Only referrals of this task whose talent confirmed consent, is not erased and is still in the running can be shared.',
    refusals,
  );
}

type ShareInput = {
  referralIds: number[];
  contactIds: number[];
  expiresInDays: number;
  reveal: ShareReveal[];
  revealReason?: string;
};

/** Creates one link per contact, each showing the referrals, and queues each contact's e-mail. */
export async function createShares(
  deps: AppDeps,
  adminId: number,
  taskId: number,
  input: ShareInput,
): Promise<{ shares: ShareSummary[] }> {
  const now = deps.now();
  const at = now.toISOString();
  const referralIds = [...new Set(input.referralIds)];
  const contactIds = [...new Set(input.contactIds)];
  const reveal = [...new Set(input.reveal)];
  const ids = await deps.db.transaction().execute(async (trx) => {
    const company = await companyOfTask(trx, taskId, at);
    const refusals = await shareRefusals(trx, taskId, referralIds);
    if (Object.keys(refusals).length > 0) refuse(refusals);
    const contacts = await activeContacts(trx, company.id);
    const byId = new Map(contacts.map((contact) => [contact.id, contact]));
    const strangers = contactIds.filter((id) => !byId.has(id));
    if (strangers.length > 0) {
      throw new AppError(
        'CONFLICT',
        409,
        `A link goes only to a contact of ${company.name}, the task's company.`,
        Object.fromEntries(strangers.map((id) => [`contacts.${id}`, 'contact_not_of_company'])),
      );
    }
    const task = await trx.selectFrom('tasks').select(['title']).where('id', '=', taskId).executeTakeFirstOrThrow();
    const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000).toISOString();
    const created: number[] = [];
    for (const contactId of contactIds) {
      const contact = byId.get(contactId) as (typeof contacts)[number];
      const token = newOpaqueToken();
      const share = await trx
        .insertInto('company_shares')
        .values({
          company_id: company.id,
          task_id: taskId,
          contact_id: contactId,
          token_hash: sha256(token),
          reveal: JSON.stringify(reveal),
          reveal_reason: reveal.length > 0 ? (input.revealReason ?? null) : null,
          expires_at: expiresAt,
          revoked_at: null,
          first_opened_at: null,
          last_opened_at: null,
          created_by: adminId,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('company_share_referrals')
        .values(referralIds.map((referralId) => ({ share_id: share.id, referral_id: referralId, added_at: at })))
        .execute();
      await enqueueEmail(
        trx,
        {
          to: contact.email,
          locale: toAppLocale(contact.locale),
          template: 'company_review',
          payload: {
            contactName: contact.name,
            companyName: company.name,
            taskTitle: task.title,
            candidates: referralIds.length,
            expiresAt,
            link: reviewLink(deps.env.APP_URL, contact.locale, token),
          },
        },
        now,
      );
      created.push(share.id);
    }
    return created;
  });
  return { shares: await shareSummaries(deps.db, { shareIds: ids }, now) };
}

/** The task's company, its contacts, and every link made for the task, newest first. */
export async function listTaskShares(deps: AppDeps, taskId: number): Promise<TaskShares> {
  const now = deps.now();
  const task = await deps.db
    .selectFrom('tasks')
    .select(['id', 'code', 'title'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task) throw notFound('Task');
  const company = await deps.db.transaction().execute((trx) => companyOfTask(trx, taskId, now.toISOString()));
  return {
    task,
    company,
    contacts: (await activeContacts(deps.db, company.id)).map(toContact),
    shares: await shareSummaries(deps.db, { taskId }, now),
  };
}

async function shareSummaries(db: DB, where: { taskId?: number; shareIds?: number[] }, now: Date) {
  if (where.shareIds?.length === 0) return [];
  const shares = await db
    .selectFrom('company_shares')
    .innerJoin('company_contacts', 'company_contacts.id', 'company_shares.contact_id')
    .leftJoin('users', 'users.id', 'company_shares.created_by')
    .select([...SHARE_LINK_COLUMNS, 'company_shares.reveal', 'company_shares.reveal_reason'])
    .$if(where.taskId !== undefined, (q) => q.where('company_shares.task_id', '=', where.taskId as number))
    .$if(where.shareIds !== undefined, (q) => q.where('company_shares.id', 'in', where.shareIds as number[]))
    .orderBy('company_shares.id', 'desc')
    .execute();
  if (shares.length === 0) return [];
  const lines = await db
    .selectFrom('company_share_referrals')
    .innerJoin('referrals', 'referrals.id', 'company_share_referrals.referral_id')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .leftJoin('company_answers', (join) =>
      join
        .onRef('company_answers.share_id', '=', 'company_share_referrals.share_id')
        .onRef('company_answers.referral_id', '=', 'company_share_referrals.referral_id'),
    )
    .select([
      'company_share_referrals.share_id',
      'company_share_referrals.referral_id',
      'company_share_referrals.added_at',
      'talents.id as talent_id',
      'talents.full_name',
      ...ANSWER_COLUMNS,
    ])
    .where(
      'company_share_referrals.share_id',
      'in',
      shares.map((share) => share.id),
    )
    .where('company_share_referrals.removed_at', 'is', null)
    .orderBy('company_share_referrals.id')
    .execute();
  return shares.map(
    (share): ShareSummary => ({
      ...toShareLink(share, now),
      reveal: JSON.parse(share.reveal) as ShareReveal[],
      revealReason: share.reveal_reason,
      referrals: lines
        .filter((line) => line.share_id === share.id)
        .map((line) => ({
          referralId: line.referral_id,
          talentId: line.talent_id,
          talentName: line.full_name,
          addedAt: line.added_at,
          answer: toAnswerView(line),
        })),
    }),
  );
}

async function shareOf(db: DB, shareId: number) {
  const share = await db
    .selectFrom('company_shares')
    .select(['id', 'task_id', 'revoked_at', 'expires_at'])
    .where('id', '=', shareId)
    .executeTakeFirst();
  if (!share) throw notFound('Share');
  return share;
}

async function oneSummary(db: DB, shareId: number, now: Date): Promise<ShareSummary> {
  const [summary] = await shareSummaries(db, { shareIds: [shareId] }, now);
  if (!summary) throw notFound('Share');
  return summary;
}

/** Revokes a link: from now on it shows nothing (410). Revoking a revoked link changes nothing. */
export async function revokeShare(deps: AppDeps, shareId: number): Promise<ShareSummary> {
  const now = deps.now();
  await shareOf(deps.db, shareId);
  await deps.db
    .updateTable('company_shares')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', shareId)
    .where('revoked_at', 'is', null)
    .execute();
  return oneSummary(deps.db, shareId, now);
}

/** Adds referrals to an open link, by the same rule as a new link (a removed one comes back). */
export async function addShareReferrals(deps: AppDeps, shareId: number, referralIds: number[]): Promise<ShareSummary> {
  const now = deps.now();
  const at = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const share = await shareOf(trx, shareId);
    if (shareStateOf(share, now) !== 'OPEN') {
      throw new AppError('CONFLICT', 409, 'This link has expired or was revoked: make a new one.', {
        share: 'share_closed',
      });
    }
    const ids = [...new Set(referralIds)];
    const refusals = await shareRefusals(trx, share.task_id, ids);
    if (Object.keys(refusals).length > 0) refuse(refusals);
    const existing = await trx
      .selectFrom('company_share_referrals')
      .select(['referral_id'])
      .where('share_id', '=', shareId)
      .where('referral_id', 'in', ids)
      .execute();
    const known = new Set(existing.map((row) => row.referral_id));
    if (known.size > 0) {
      await trx
        .updateTable('company_share_referrals')
        .set({ removed_at: null, added_at: at })
        .where('share_id', '=', shareId)
        .where('referral_id', 'in', [...known])
        .where('removed_at', 'is not', null)
        .execute();
    }
    const fresh = ids.filter((id) => !known.has(id));
    if (fresh.length > 0) {
      await trx
        .insertInto('company_share_referrals')
        .values(fresh.map((referralId) => ({ share_id: shareId, referral_id: referralId, added_at: at })))
        .execute();
    }
  });
  return oneSummary(deps.db, shareId, now);
}

/** Takes a referral off a link: the page stops showing it at once. */
export async function removeShareReferral(deps: AppDeps, shareId: number, referralId: number): Promise<ShareSummary> {
  const now = deps.now();
  await shareOf(deps.db, shareId);
  const removed = await deps.db
    .updateTable('company_share_referrals')
    .set({ removed_at: now.toISOString() })
    .where('share_id', '=', shareId)
    .where('referral_id', '=', referralId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (Number(removed.numUpdatedRows) === 0) throw notFound('Referral on this link');
  return oneSummary(deps.db, shareId, now);
}
