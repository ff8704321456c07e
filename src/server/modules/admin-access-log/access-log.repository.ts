import type { DB } from '#src/server/db/connect.ts';
import { withActors } from '#src/server/personal-data/access-log.ts';
import type { AccessLogQuery } from '#src/shared/access-log-schemas.ts';

// Reading the record of access to personal data, newest first. Every filter combination has an index to
// walk (migration 014): a talent's lines by access_log_talent (talent_id, created_at), an actor's by
// access_log_actor (actor_id, created_at), everything else by access_log_created; the action and the
// other bound are checked on the rows the index yields.

type Filter = Omit<AccessLogQuery, 'page' | 'pageSize'>;

const filtered = (db: DB, filter: Filter) => {
  let q = db.selectFrom('access_log');
  if (filter.talentId !== undefined) q = q.where('access_log.talent_id', '=', filter.talentId);
  // A user's lines: a company contact's actor_id (issue 45) is a contact's id, not a user's.
  if (filter.actorId !== undefined)
    q = q.where('access_log.actor_id', '=', filter.actorId).where('access_log.actor_kind', '!=', 'COMPANY_CONTACT');
  if (filter.action !== undefined) q = q.where('access_log.action', '=', filter.action);
  if (filter.from !== undefined) q = q.where('access_log.created_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('access_log.created_at', '<', filter.to);
  return q;
};

export async function findAccessLogPage(db: DB, query: AccessLogQuery) {
  const { page, pageSize, ...filter } = query;
  const [rows, count] = await Promise.all([
    withActors(filtered(db, filter))
      .select([
        'access_log.id',
        'access_log.actor_id',
        'access_log.actor_kind',
        'access_log.action',
        'access_log.subject_kind',
        'access_log.subject_id',
        'access_log.talent_id',
        'access_log.detail',
        'access_log.ip',
        'access_log.user_agent',
        'access_log.created_at',
        'users.full_name as actor_name',
        'users.email as actor_email',
        'company_contacts.name as contact_name',
        'company_contacts.email as contact_email',
        'companies.name as company_name',
      ])
      .orderBy('access_log.created_at', 'desc')
      .orderBy('access_log.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type AccessLogRow = Awaited<ReturnType<typeof findAccessLogPage>>['rows'][number];
