import { m } from '#src/paraglide/messages.js';
import type { PersonLink } from './person-record-types';
import type { DataSection, DateText, Label, LocaleOption } from './talent-data-lines';
import type { TalentDataAccess, TalentDataView } from './talent-link-data';

// The records held about the talent beyond their profile and referrals, as the talent reads them: the
// hiring companies their profile was shared with, the links made for them, the e-mails to or about them,
// and who looked at their data. Admin › Data Protection lists the same records for the same person
// (server/personal-data/person-records.ts reads them for both), in the admin's words; these are the talent's.

const LINK_KIND: Record<string, Label> = {
  CONSENT: m.talent_data_link_consent,
  ITA: m.talent_data_link_ita,
  DATA: m.talent_data_link_data,
};

// Which e-mail, and to whom: the talent, their recruiter, a hiring company or the staff.
const EMAIL: Record<string, Label> = {
  consent_request: m.talent_data_email_consent_request,
  ita_request: m.talent_data_email_ita_request,
  talent_data_link: m.talent_data_email_talent_data_link,
  data_request_answered: m.talent_data_email_data_request_answered,
  talent_answered: m.talent_data_email_talent_answered,
  hiring_changed: m.talent_data_email_hiring_changed,
  consent_withdrawn: m.talent_data_email_consent_withdrawn,
  consent_expired: m.talent_data_email_consent_expired,
  call_proof_rejected: m.talent_data_email_call_proof_rejected,
  reward_decided: m.talent_data_email_reward_decided,
  payment_paid: m.talent_data_email_payment_paid,
  data_correction_requested: m.talent_data_email_data_correction_requested,
  company_review: m.talent_data_email_company_review,
  notification: m.talent_data_email_notification,
};

const UNSENT: Record<string, Label> = {
  PENDING: m.talent_data_email_pending,
  SENDING: m.talent_data_email_pending,
  FAILED: m.talent_data_email_failed,
  CANCELLED: m.talent_data_email_cancelled,
};

const FILE_ACCESS: Record<'FILE_VIEW' | 'FILE_DOWNLOAD', Record<'RESUME' | 'CALL_PROOF' | 'OTHER', Label>> = {
  FILE_VIEW: {
    RESUME: m.talent_data_access_view_resume,
    CALL_PROOF: m.talent_data_access_view_proof,
    OTHER: m.talent_data_access_view_file,
  },
  FILE_DOWNLOAD: {
    RESUME: m.talent_data_access_download_resume,
    CALL_PROOF: m.talent_data_access_download_proof,
    OTHER: m.talent_data_access_download_file,
  },
};
const ACCESS: Record<string, Label> = {
  PERSON_VIEW: m.talent_data_access_person_view,
  PERSON_EXPORT: m.talent_data_access_person_export,
  PERSON_ERASE: m.talent_data_access_person_erase,
  RETENTION_ERASE: m.talent_data_access_retention,
  RETENTION_ANONYMISE: m.talent_data_access_retention,
};

const own = <T>(map: Record<string, T>, key: string): T | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);

function linkState(link: PersonLink, o: LocaleOption, now: number): string {
  if (link.usedAt) return m.talent_data_link_used({}, o);
  if (link.voidedAt) return m.talent_data_link_voided({}, o);
  if (Date.parse(link.expiresAt) <= now) return m.talent_data_link_expired({}, o);
  return m.talent_data_link_open({}, o);
}

function accessWhat(line: TalentDataAccess, o: LocaleOption): string {
  if (line.action === 'FILE_VIEW' || line.action === 'FILE_DOWNLOAD')
    return FILE_ACCESS[line.action][line.purpose ?? 'OTHER']({}, o);
  return (own(ACCESS, line.action) ?? m.talent_data_access_other)({}, o);
}

function accessWho(line: TalentDataAccess, o: LocaleOption): string {
  if (line.actor === 'TALENT') return m.talent_data_access_by_you({}, o);
  if (line.actor === 'RECRUITER') return m.talent_data_access_by_recruiter({ name: line.actorName ?? '' }, o);
  if (line.actor === 'COMPANY') return m.talent_data_access_by_company({ company: line.actorName ?? '' }, o);
  if (line.actor === 'ADMIN') return m.talent_data_access_by_staff({}, o);
  return m.talent_data_access_by_system({}, o);
}

/**
 * The sections of the records about the talent. `jobOf` names a referral's job ("Backend Engineer at Kopi
 * Digital"), `now` decides whether a link still works.
 */
export function recordSections(
  view: TalentDataView,
  o: LocaleOption,
  date: DateText,
  jobOf: Map<number, string>,
  now = Date.now(),
): DataSection[] {
  const job = (referralId: number | null) =>
    referralId === null ? [] : [{ label: m.talent_data_proof_job({}, o), value: jobOf.get(referralId) ?? '' }];
  return [
    {
      id: 'shares',
      heading: m.talent_data_shares_heading({}, o),
      lines: [],
      items: view.companyShares.map((share, i) => ({
        id: `share-${i}`,
        title: share.company,
        lines: [
          ...job(share.referralId),
          { label: m.talent_data_share_shared({}, o), value: date(share.sharedAt) },
          { label: m.talent_data_share_until({}, o), value: date(share.removedAt ?? share.expiresAt) },
          {
            label: m.talent_data_share_viewed({}, o),
            value:
              share.views > 0 && share.firstViewedAt && share.lastViewedAt
                ? m.talent_data_share_views(
                    { count: share.views, first: date(share.firstViewedAt), last: date(share.lastViewedAt) },
                    o,
                  )
                : m.talent_data_share_not_viewed({}, o),
          },
        ],
      })),
      empty: view.companyShares.length === 0 ? m.talent_data_shares_none({}, o) : null,
    },
    {
      id: 'links',
      heading: m.talent_data_links_heading({}, o),
      lines: [],
      items: view.links.map((link) => ({
        id: `link-${link.id}`,
        title: (own(LINK_KIND, link.kind) ?? m.talent_data_link_other)({}, o),
        lines: [
          ...job(link.referralId),
          { label: m.talent_data_link_made({}, o), value: date(link.createdAt) },
          { label: m.talent_data_link_until({}, o), value: date(link.expiresAt) },
          { label: m.talent_data_link_state({}, o), value: linkState(link, o, now) },
        ],
      })),
      empty: view.links.length === 0 ? m.talent_data_links_none({}, o) : null,
    },
    {
      id: 'emails',
      heading: m.talent_data_emails_heading({}, o),
      lines: [],
      items: view.emails.map((email) => ({
        id: `email-${email.id}`,
        title: (own(EMAIL, email.template) ?? m.talent_data_email_other)({}, o),
        lines: [
          { label: m.talent_data_email_written({}, o), value: date(email.createdAt) },
          email.sentAt
            ? { label: m.talent_data_email_sent({}, o), value: date(email.sentAt) }
            : {
                label: m.talent_data_email_state({}, o),
                value: (own(UNSENT, email.status) ?? m.talent_data_email_pending)({}, o),
              },
        ],
      })),
      empty: view.emails.length === 0 ? m.talent_data_emails_none({}, o) : null,
    },
    {
      // One line a look, newest first, as the record keeps them.
      id: 'access',
      heading: m.talent_data_access_heading({}, o),
      lines: view.access.map((line) => ({
        label: date(line.at),
        value: m.talent_data_access_line({ what: accessWhat(line, o), who: accessWho(line, o) }, o),
      })),
      items: [],
      empty: view.access.length === 0 ? m.talent_data_access_none({}, o) : null,
    },
  ];
}
