import { m } from '#src/paraglide/messages.js';
import { EDUCATION_MESSAGES } from './education-messages';
import type { AppLocale, ConsentStatus, EducationLevel, HiringStatus, ItaStatus, RewardStatus } from './enums';
import { INTL_LOCALES } from './intl-locales';
import { formatMinorUnits } from './money';
import { CONSENT_MESSAGES, HIRING_MESSAGES } from './referral-status-messages';
import { REWARD_MESSAGES } from './reward-messages';
import type { DataSection, DateText, Label } from './talent-data-lines';
import { dataKeptByOthers, type TalentDataView } from './talent-link-data';
import { recordSections } from './talent-link-records';

// The talent's data as sections of labelled lines, in their language: the data page shows these and the
// readable download (HTML) prints them, so the file holds exactly what the page shows. What the profile and
// referrals hold is here; the records about them (shares, links, e-mails, access) in talent-link-records.ts.

const EDUCATION: Record<EducationLevel, Label> = EDUCATION_MESSAGES;
const CONSENT: Record<ConsentStatus, Label> = CONSENT_MESSAGES;
// The talent's own words for the intent-to-apply question, never the recruiters' "ITA" (issue 42.11).
const ITA: Record<ItaStatus, Label> = {
  NOT_SENT: m.talent_data_ita_not_sent,
  SENT: m.talent_data_ita_sent,
  CONFIRMED: m.talent_data_ita_confirmed,
  DECLINED: m.talent_data_ita_declined,
};
const HIRING: Record<HiringStatus, Label> = HIRING_MESSAGES;
// The recruiter's reward in the words the app uses for it; an undecided one on a withdrawn referral is closed.
const REWARD: Record<RewardStatus | 'IN_REVIEW' | 'CLOSED', Label> = { ...REWARD_MESSAGES, CLOSED: m.reward_closed };
const FINAL_HIRING: HiringStatus[] = ['HIRED', 'REJECTED', 'WITHDRAWN'];
const DECISION: Record<'CONFIRMED' | 'DECLINED' | 'WITHDRAWN', Label> = {
  CONFIRMED: m.talent_data_decision_confirmed,
  DECLINED: m.talent_data_decision_declined,
  WITHDRAWN: m.talent_data_decision_withdrawn,
};
const REQUEST_STATUS: Record<'OPEN' | 'DONE' | 'REFUSED', Label> = {
  OPEN: m.talent_data_request_status_open,
  DONE: m.talent_data_request_status_done,
  REFUSED: m.talent_data_request_status_refused,
};

/** A language's name in the reader's language (Intl), the code where Intl has none. */
function languageName(code: string, locale: AppLocale): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALES[locale]], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The sections of the talent's data. `date` formats an ISO time for the reader (the page in the
 * browser's time zone, the download in Malaysia's).
 */
export function talentDataSections(view: TalentDataView, locale: AppLocale, date: DateText): DataSection[] {
  const o = { locale };
  const p = view.profile;
  const none = m.talent_data_not_given({}, o);
  const text = (value: string | null | undefined) => (value?.trim() ? value : none);
  const list = (values: string[]) => (values.length > 0 ? values.join(', ') : none);
  const withDate = (status: string, at: string | null) =>
    at ? m.talent_data_status_with_date({ status, date: date(at) }, o) : status;
  let experience = none;
  if (p.hasWorkExperience === false) experience = m.talent_data_experience_none({}, o);
  else if (p.yearsOfExperience !== null) experience = m.talent_data_experience_years({ count: p.yearsOfExperience }, o);
  const taskOf = new Map(view.referrals.map((r) => [r.id, r.taskTitle]));
  const jobOf = new Map(
    view.referrals.map((r) => [r.id, m.talent_data_referral_title({ taskTitle: r.taskTitle, company: r.company }, o)]),
  );

  const sections: DataSection[] = [
    {
      id: 'profile',
      heading: m.talent_data_profile_heading({}, o),
      lines: [
        { label: m.talent_data_field_name({}, o), value: text(p.fullName) },
        { label: m.talent_data_field_email({}, o), value: text(p.email) },
        { label: m.talent_data_field_phone({}, o), value: text(p.phone) },
        { label: m.talent_data_field_country({}, o), value: text(p.country) },
        { label: m.talent_data_field_location({}, o), value: text(p.location) },
        {
          label: m.talent_data_field_languages({}, o),
          value: list(p.languages.map((code) => languageName(code, locale))),
        },
        {
          label: m.talent_data_field_education({}, o),
          value: EDUCATION[p.educationLevel]?.({}, o) ?? p.educationLevel,
        },
        {
          label: m.talent_data_field_salary({}, o),
          value:
            p.expectedSalary === null
              ? none
              : formatMinorUnits(p.expectedSalary, p.expectedSalaryCurrency, INTL_LOCALES[locale]),
        },
        { label: m.talent_data_field_experience({}, o), value: experience },
        { label: m.talent_data_field_position({}, o), value: text(p.currentPosition) },
        { label: m.talent_data_field_skills({}, o), value: list(p.skills) },
        { label: m.talent_data_field_summary({}, o), value: text(p.summary) },
        { label: m.talent_data_field_added({}, o), value: date(p.createdAt) },
        { label: m.talent_data_field_updated({}, o), value: date(p.updatedAt) },
      ],
      items: [],
      empty: null,
    },
    {
      id: 'resume',
      heading: m.talent_data_resume_heading({}, o),
      lines: view.resume
        ? [
            { label: m.talent_data_resume_file({}, o), value: view.resume.name },
            {
              label: m.talent_data_resume_text({}, o),
              value: view.resume.textKept
                ? m.talent_data_resume_text_kept({}, o)
                : m.talent_data_resume_text_none({}, o),
            },
          ]
        : [],
      items: [],
      empty: view.resume ? null : m.talent_data_resume_none({}, o),
    },
    {
      id: 'referrals',
      heading: m.talent_data_referrals_heading({}, o),
      lines: [],
      items: view.referrals.map((r) => ({
        title: m.talent_data_referral_title({ taskTitle: r.taskTitle, company: r.company }, o),
        referral: r,
        lines: [
          { label: m.talent_data_referral_recruiter({}, o), value: r.recruiterName },
          { label: m.talent_data_referral_date({}, o), value: date(r.referredAt) },
          {
            label: m.talent_data_referral_consent({}, o),
            // A withdrawal leaves the consent DECLINED in the referral; the talent withdrew it, not declined.
            value: r.withdrawnAt
              ? withDate(m.talent_data_consent_withdrawn({}, o), r.withdrawnAt)
              : withDate(CONSENT[r.consentStatus]({}, o), r.consentDecidedAt),
          },
          { label: m.talent_data_referral_ita({}, o), value: withDate(ITA[r.itaStatus]({}, o), r.itaDecidedAt) },
          {
            label: m.talent_data_referral_hiring({}, o),
            // After a withdrawal the application goes no further (its hiring status becomes Withdrawn;
            // one withdrawn before that change may still read Submitted): the talent reads why, in their
            // words (issue 42.14).
            value:
              r.withdrawnAt && (r.hiringStatus === 'WITHDRAWN' || !FINAL_HIRING.includes(r.hiringStatus))
                ? m.talent_data_application_stopped({}, o)
                : HIRING[r.hiringStatus]({}, o),
          },
          { label: m.talent_data_referral_note({}, o), value: text(r.recruiterNote) },
          {
            label: m.talent_data_referral_rating({}, o),
            value: r.rating === 10 ? m.rating_good({}, o) : r.rating === 5 ? m.rating_average({}, o) : none,
          },
          {
            label: m.talent_data_referral_reward({}, o),
            value: REWARD[r.rewardStatus ?? (r.withdrawnAt ? 'CLOSED' : 'IN_REVIEW')]({}, o),
          },
        ],
      })),
      empty: view.referrals.length === 0 ? m.talent_data_referrals_none({}, o) : null,
    },
    {
      // What the recruiter uploaded as proof of a call with the talent, and their note on it.
      id: 'proofs',
      heading: m.talent_data_proofs_heading({}, o),
      lines: [],
      items: view.callProofs.map((proof) => ({
        title: proof.fileName,
        proof,
        lines: [
          { label: m.talent_data_proof_job({}, o), value: jobOf.get(proof.referralId) ?? none },
          { label: m.talent_data_proof_called({}, o), value: date(proof.calledAt) },
          { label: m.talent_data_proof_note({}, o), value: text(proof.note) },
          { label: m.talent_data_field_added({}, o), value: date(proof.addedAt) },
        ],
      })),
      empty: view.callProofs.length === 0 ? m.talent_data_proofs_none({}, o) : null,
    },
    {
      id: 'decisions',
      heading: m.talent_data_decisions_heading({}, o),
      lines: view.decisions.map((d) => ({
        label: date(d.at),
        value: m.talent_data_decision_line(
          {
            question:
              d.kind === 'ITA' && d.decision !== 'WITHDRAWN'
                ? m.talent_data_decision_kind_ita({}, o)
                : m.talent_data_decision_kind_consent({}, o),
            taskTitle: taskOf.get(d.referralId) ?? '',
            decision: DECISION[d.decision]({}, o),
          },
          o,
        ),
      })),
      items: [],
      empty: view.decisions.length === 0 ? m.talent_data_decisions_none({}, o) : null,
    },
    {
      id: 'requests',
      heading: m.talent_data_requests_heading({}, o),
      lines: [],
      items: view.requests.map((r) => ({
        id: `request-${r.id}`,
        title:
          r.kind === 'CORRECTION'
            ? m.talent_data_request_correction({ date: date(r.createdAt) }, o)
            : m.talent_data_request_withdrawal(
                { date: date(r.createdAt), taskTitle: taskOf.get(r.referralId ?? 0) ?? '' },
                o,
              ),
        lines: [
          ...(r.message ? [{ label: m.talent_data_request_message({}, o), value: r.message }] : []),
          { label: m.talent_data_request_status({}, o), value: REQUEST_STATUS[r.status]({}, o) },
          {
            // A withdrawal's date is the erasure's only when no other referral still holds the data.
            label:
              r.kind === 'CORRECTION' || dataKeptByOthers(view, r.referralId)
                ? m.talent_data_request_due({}, o)
                : m.talent_data_request_erase_by({}, o),
            value: date(r.dueAt),
          },
          ...(r.response ? [{ label: m.talent_data_request_response({}, o), value: r.response }] : []),
        ],
      })),
      empty: view.requests.length === 0 ? m.talent_data_requests_none({}, o) : null,
    },
    ...recordSections(view, o, date, jobOf),
  ];
  return sections;
}
