import type { AppDeps } from '#src/server/context.ts';
import type { AccessLogQuery } from '#src/shared/access-log-schemas.ts';
import type { AccessLogEntry } from '#src/shared/access-log-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { type AccessLogRow, findAccessLogPage } from './access-log.repository';

// The record of access to personal data as admins read it (issue 24 part 4). Who writes which line:
// - FILE_VIEW / FILE_DOWNLOAD: GET /api/files/:id (modules/files/file.routes.ts);
// - PAYMENTS_EXPORT: GET /api/admin/payments/export.csv (modules/payments/admin-payment.routes.ts);
// - PERSON_VIEW / PERSON_EXPORT / PERSON_ERASE by an admin: the data-protection console
//   (modules/admin-data-protection), PERSON_ERASE through eraseTalent's audit (personal-data/erase-talent.ts);
// - PERSON_VIEW / PERSON_EXPORT by the talent (actor TALENT): their own data page (modules/talent-links);
// - RETENTION_ERASE / RETENTION_ANONYMISE (actor SYSTEM): the retention job (jobs/retention.ts);
// - PERSON_VIEW / FILE_VIEW / FILE_DOWNLOAD by a hiring company's contact (actor COMPANY_CONTACT, its id
//   the contact's): their review link (modules/companies/review.service.ts).
// The record is append-only: this module reads it and nothing here changes or removes a line; only the
// maintenance job drops lines older than the period the record is kept for.

function parseDetail(text: string | null): AccessLogEntry['detail'] {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as AccessLogEntry['detail']) : {};
  } catch {
    return {};
  }
}

function actorOf(row: AccessLogRow): AccessLogEntry['actor'] {
  const base = { kind: row.actor_kind, id: row.actor_id };
  // A user's name and e-mail only for a user actor: a TALENT line's actor_id is never a users row.
  if (row.actor_kind === 'ADMIN' || row.actor_kind === 'RECRUITER')
    return { ...base, name: row.actor_name, email: row.actor_email };
  if (row.actor_kind === 'COMPANY_CONTACT')
    return { ...base, name: row.contact_name, email: row.contact_email, company: row.company_name };
  return { ...base, name: null, email: null };
}

const toEntry = (row: AccessLogRow): AccessLogEntry => ({
  id: row.id,
  at: row.created_at,
  actor: actorOf(row),
  action: row.action,
  subject: { kind: row.subject_kind, id: row.subject_id },
  talentId: row.talent_id,
  detail: parseDetail(row.detail),
  ip: row.ip,
  userAgent: row.user_agent,
});

export async function listAccessLog(deps: AppDeps, query: AccessLogQuery): Promise<ListPage<AccessLogEntry>> {
  const { rows, total } = await findAccessLogPage(deps.db, query);
  return { items: rows.map(toEntry), page: query.page, pageSize: query.pageSize, total };
}
