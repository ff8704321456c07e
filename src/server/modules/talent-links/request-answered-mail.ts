import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { enqueueEmail } from '#src/server/mail/outbox.ts';
import { toAppLocale } from '#src/shared/enums.ts';
import { newDataLink } from './data-link';

/**
 * E-mails the talent the answer to their request, once an admin or their recruiter closed it, in the
 * caller's transaction: what they asked, done or refused, the answer, and a fresh link to their data page
 * (the one they asked with lasts 7 days; an answer may take 21). Nothing for an erased talent: no address
 * is left to write to.
 */
export async function tellTalentRequestAnswered(
  trx: DB,
  deps: Pick<AppDeps, 'env'>,
  now: Date,
  requestId: number,
): Promise<void> {
  const row = await trx
    .selectFrom('data_requests')
    .innerJoin('talents', 'talents.id', 'data_requests.talent_id')
    .select([
      'data_requests.message',
      'data_requests.status',
      'data_requests.response',
      'talents.id as talentId',
      'talents.email',
      'talents.full_name as talentName',
      'talents.contact_locale as locale',
      'talents.erased_at as erasedAt',
    ])
    .where('data_requests.id', '=', requestId)
    .executeTakeFirst();
  if (!row || row.erasedAt !== null || row.status === 'OPEN') return;
  const locale = toAppLocale(row.locale);
  await enqueueEmail(
    trx,
    {
      to: row.email,
      locale,
      template: 'data_request_answered',
      talentId: row.talentId,
      payload: {
        talentName: row.talentName,
        message: row.message,
        status: row.status,
        response: row.response ?? '',
        link: await newDataLink(trx, deps.env.APP_URL, locale, row.talentId, now),
      },
    },
    now,
  );
}
