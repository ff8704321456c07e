import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { AccessLogTable, Database } from '#src/server/db/database.ts';

export type AccessRecord = {
  actorId: number | null;
  actorKind: AccessLogTable['actor_kind'];
  action: AccessLogTable['action'];
  subjectKind: AccessLogTable['subject_kind'];
  subjectId?: number | null;
  talentId?: number | null;
  /** Never the talent's personal data: counts, a file's purpose, an admin's reason. */
  detail?: Record<string, string | number | boolean | null>;
  ip?: string | null;
  userAgent?: string | null;
};

/**
 * Appends one line to the record of access to personal data (issue 24 part 4), in the caller's transaction
 * when given one, so the access and its record commit together. Nothing updates or deletes these rows
 * but the maintenance job, once they are older than ACCESS_LOG_KEEP_MONTHS.
 */
export async function recordAccess(db: DB, at: Date, record: AccessRecord): Promise<void> {
  await db
    .insertInto('access_log')
    .values({
      actor_id: record.actorId,
      actor_kind: record.actorKind,
      action: record.action,
      subject_kind: record.subjectKind,
      subject_id: record.subjectId ?? null,
      talent_id: record.talentId ?? null,
      detail: record.detail ? JSON.stringify(record.detail) : null,
      ip: record.ip ?? null,
      user_agent: record.userAgent?.slice(0, 300) ?? null,
      created_at: at.toISOString(),
    })
    .execute();
}

/** An admin's or a recruiter's access, as the record names them. */
export const actorOf = (user: { id: number; roles: string[] }) => ({
  actorId: user.id,
  actorKind: user.roles.includes('ROLE_ADMIN') ? ('ADMIN' as const) : ('RECRUITER' as const),
});

// biome-ignore lint/complexity/noBannedTypes: Kysely's type of a query that selects nothing yet.
type AccessLines = SelectQueryBuilder<Database, 'access_log', {}>;

/**
 * The record's lines joined to who made each, for the admins' record and the talent's own data: a user's
 * row for a user's line only (an ADMIN or RECRUITER: a TALENT line's actor_id is never a users row), a
 * hiring company's contact and its company for a contact's line (issue 45: its actor_id is the contact's).
 */
export const withActors = (lines: AccessLines) =>
  lines
    .leftJoin('users', (join) =>
      join.onRef('users.id', '=', 'access_log.actor_id').on('access_log.actor_kind', 'in', ['ADMIN', 'RECRUITER']),
    )
    .leftJoin('company_contacts', (join) =>
      join.onRef('company_contacts.id', '=', 'access_log.actor_id').on('access_log.actor_kind', '=', 'COMPANY_CONTACT'),
    )
    .leftJoin('companies', 'companies.id', 'company_contacts.company_id');
