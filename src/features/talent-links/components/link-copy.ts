import { m } from '#src/paraglide/messages.js';
import type { TalentDecision, TalentLinkView } from '#src/shared/recruiter-types.ts';

// What differs between the consent and the ITA page: the wording. Everything else is one page.
type Job = Pick<TalentLinkView, 'recruiterName' | 'taskTitle' | 'company' | 'location'>;

export type LinkCopy = {
  heading: () => string;
  question: (job: Job) => string;
  agree: () => string;
  declineQuestion: (job: Job) => string;
  thanks: Record<TalentDecision, (job: Job) => string>;
  decision: Record<TalentDecision, () => string>;
};

export const LINK_COPY: Record<TalentLinkView['kind'], LinkCopy> = {
  CONSENT: {
    heading: m.title_consent,
    question: (job) => m.talent_link_consent_intro(job),
    agree: m.talent_link_consent_agree,
    declineQuestion: (job) => m.talent_link_consent_decline_question(job),
    thanks: {
      CONFIRMED: (job) => m.talent_link_consent_thanks_confirmed(job),
      DECLINED: (job) => m.talent_link_consent_thanks_declined(job),
    },
    decision: {
      CONFIRMED: m.talent_link_decision_consent_confirmed,
      DECLINED: m.talent_link_decision_consent_declined,
    },
  },
  ITA: {
    heading: m.talent_link_ita_heading,
    question: (job) => m.talent_link_ita_intro(job),
    agree: m.talent_link_ita_confirm,
    declineQuestion: () => m.talent_link_ita_decline_question(),
    thanks: {
      CONFIRMED: () => m.talent_link_ita_thanks_confirmed(),
      DECLINED: (job) => m.talent_link_ita_thanks_declined(job),
    },
    decision: {
      CONFIRMED: m.talent_link_decision_ita_confirmed,
      DECLINED: m.talent_link_decision_ita_declined,
    },
  },
};
