import type { DB } from '#src/server/db/connect.ts';
import type { Referral } from '#src/server/db/database.ts';
import { notFound } from '#src/server/errors.ts';
import { LINK_RESEND_INTERVAL_SECONDS } from '#src/shared/constants.ts';
import type { HistoryEntry, ReferralDetail, ReferralDetailFields } from '#src/shared/recruiter-types.ts';
import { listCallProofItems } from './call-proof-items';
import { listReferralSummaries } from './referral-summaries';
import { consentLinkExpiries, lastLinkSentAt } from './talent-link-mail';

// Who made a history entry, as the referral's screens name it. The talent answers links without an
// account, so a consent or ITA change with no actor is theirs; other changes without one are the system's.
const TALENT_ACTIONS = new Set(['CONSENT_CHANGED', 'ITA_CHANGED']);

function actorKind(
  row: { action: string; actor_id: number | null; roles: string | null; company_contact_id: number | null },
  recruiterId: number,
): HistoryEntry['actorKind'] {
  // A hiring company's answer on its review link (issue 45): no user, the company's contact.
  if (row.company_contact_id !== null) return 'COMPANY';
  if (row.actor_id === null) return TALENT_ACTIONS.has(row.action) ? 'TALENT' : 'SYSTEM';
  if (row.actor_id === recruiterId) return 'RECRUITER';
  const roles = row.roles ? (JSON.parse(row.roles) as string[]) : [];
  return roles.includes('ROLE_ADMIN') ? 'ADMIN' : 'RECRUITER';
}

/** A referral's history, oldest first. */
export async function listHistory(db: DB, referral: Pick<Referral, 'id' | 'recruiter_id'>): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('referral_history')
    .leftJoin('users', 'users.id', 'referral_history.actor_id')
    .leftJoin('company_contacts', 'company_contacts.id', 'referral_history.company_contact_id')
    .leftJoin('companies', 'companies.id', 'company_contacts.company_id')
    .select([
      'referral_history.id',
      'referral_history.action',
      'referral_history.from_value',
      'referral_history.to_value',
      'referral_history.note',
      'referral_history.actor_id',
      'referral_history.created_at',
      'users.full_name',
      'users.roles',
      'referral_history.company_contact_id',
      'company_contacts.name as contact_name',
      'companies.name as company_name',
    ])
    .where('referral_history.referral_id', '=', referral.id)
    .orderBy('referral_history.created_at', 'asc')
    .orderBy('referral_history.id', 'asc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    fromValue: r.from_value,
    toValue: r.to_value,
    note: r.note,
    actorKind: actorKind(r, referral.recruiter_id),
    actorName:
      r.company_contact_id !== null
        ? [r.contact_name, r.company_name].filter(Boolean).join(', ') || null
        : (r.full_name ?? null),
    createdAt: r.created_at,
  }));
}

/** When the next link may be sent: the last send plus the interval, or null when that is past. */
export function nextSendAt(sentAt: string | null, now: Date): string | null {
  if (!sentAt) return null;
  const next = new Date(Date.parse(sentAt) + LINK_RESEND_INTERVAL_SECONDS * 1000);
  return next > now ? next.toISOString() : null;
}

/** The referral's notes and decision times, as both detail screens show them. */
export const referralDetailFields = (referral: Referral): ReferralDetailFields => ({
  recruiterNote: referral.recruiter_note,
  rating: referral.rating === 5 || referral.rating === 10 ? referral.rating : null,
  consentDecidedAt: referral.consent_decided_at,
  itaDecidedAt: referral.ita_decided_at,
  rewardReason: referral.reward_reason,
  hiringReason: referral.hiring_reason,
});

/** The referral's summary plus everything its detail screen shows. */
export async function buildReferralDetail(db: DB, referral: Referral, now: Date): Promise<ReferralDetail> {
  const [summaries, talent, consentSentAt, itaSentAt, callProofList, history, expiries] = await Promise.all([
    // talent + task is unique, so this is exactly the one referral.
    listReferralSummaries(db, {
      recruiterId: referral.recruiter_id,
      talentId: referral.talent_id,
      taskId: referral.task_id,
    }),
    db.selectFrom('talents').select('contact_locale').where('id', '=', referral.talent_id).executeTakeFirst(),
    lastLinkSentAt(db, referral.id, 'CONSENT'),
    lastLinkSentAt(db, referral.id, 'ITA'),
    listCallProofItems(db, referral.id),
    listHistory(db, referral),
    consentLinkExpiries(db, referral.consent_status === 'PENDING' ? [referral.id] : []),
  ]);
  const summary = summaries.items[0];
  if (!summary || !talent) throw notFound('Referral');
  return {
    ...summary,
    consentExpiresAt: expiries.get(referral.id) ?? null,
    ...referralDetailFields(referral),
    talentLocale: talent.contact_locale,
    consentSentAt,
    consentResendAt: nextSendAt(consentSentAt, now),
    itaSentAt,
    itaResendAt: nextSendAt(itaSentAt, now),
    callProofList,
    history,
  };
}
