import type { DB } from '#src/server/db/connect.ts';
import type { PersonEmail, PersonLink } from '#src/shared/person-record-types.ts';
import { withActors } from './access-log';

// The records that hold a talent beyond their profile and referrals: the links made for them, the e-mails
// to or about them, and the lines of the record of access. Admin › Data Protection and the talent's own
// data page read them here, so what one lists the other lists too (issue 42.2). Never a link's hash, an
// e-mail's body or address, or where an access came from.

const referralsOf = (db: DB, talentId: number) =>
  db.selectFrom('referrals').select('id').where('talent_id', '=', talentId);

/** Every link of the talent: the data links made for them and the consent and ITA links of their referrals. */
export async function linksOfTalent(db: DB, talentId: number): Promise<PersonLink[]> {
  const links = await db
    .selectFrom('one_time_tokens')
    .select(['id', 'kind', 'referral_id', 'created_at', 'expires_at', 'used_at', 'voided_at'])
    .where((eb) => eb.or([eb('talent_id', '=', talentId), eb('referral_id', 'in', referralsOf(db, talentId))]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return links.map((l) => ({
    id: l.id,
    kind: l.kind,
    referralId: l.referral_id,
    createdAt: l.created_at,
    expiresAt: l.expires_at,
    usedAt: l.used_at,
    voidedAt: l.voided_at,
  }));
}

/** Every e-mail to or about the talent, whoever it went to. */
export async function emailsOfTalent(db: DB, talentId: number): Promise<PersonEmail[]> {
  const emails = await db
    .selectFrom('email_outbox')
    .select(['id', 'template', 'status', 'created_at', 'sent_at'])
    .where('talent_id', '=', talentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return emails.map((e) => ({
    id: e.id,
    template: e.template,
    status: e.status,
    createdAt: e.created_at,
    sentAt: e.sent_at,
  }));
}

/** The talent's lines in the record of access, newest first (500 at most), with who: a user or a company's contact. */
export function accessOfTalent(db: DB, talentId: number) {
  return withActors(db.selectFrom('access_log'))
    .select([
      'access_log.id',
      'access_log.action',
      'access_log.actor_kind',
      'access_log.subject_kind',
      'access_log.subject_id',
      'access_log.detail',
      'access_log.created_at',
      'users.full_name as actor_name',
      'company_contacts.name as contact_name',
      'companies.name as company_name',
    ])
    .where('access_log.talent_id', '=', talentId)
    .orderBy('access_log.created_at', 'desc')
    .orderBy('access_log.id', 'desc')
    .limit(500)
    .execute();
}

/** An access line's detail (JSON: a file's purpose, a share, an admin's reason), or null. */
export function accessDetail(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
