import type { ReactNode } from 'react';
import { ReferralHistoryList } from '#src/components/history/referral-history-list.tsx';
import { noteFactsOf } from '#src/components/note-assistant/note-facts.ts';
import { ConsentBadge, HiringBadge, ItaBadge, RewardBadge } from '#src/components/status/referral-badges.tsx';
import {
  mailtoLink,
  reminderSubject,
  reminderText,
  talentLocale,
  telLink,
  whatsappLink,
} from '#src/features/talents/contact.ts';
import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { languageName } from '#src/lib/intl-names.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import {
  type HistoryEntry,
  isReferralClosed,
  type ReferralDetail,
  type TalentDetail,
} from '#src/shared/recruiter-types.ts';
import { CallProofForm } from './call-proof-form';
import { CallProofList } from './call-proof-list';
import { HiringReason } from './hiring-reason';
import { ReferralNote } from './referral-note';
import { SendLinkButton } from './send-link-button';

function State({ label, children, detail }: { label: string; children: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-box bg-base-200/60 p-2">
      <dt className="text-xs text-base-content/60">{label}</dt>
      <dd className="mt-1 space-y-1">
        {/* A long state's name wraps inside the tile on a phone ("Persetujuan ditarik balik" ran past it). */}
        <div className="flex min-w-0 flex-wrap items-center gap-1 [&_.badge]:h-auto [&_.badge]:max-w-full [&_.badge]:whitespace-normal">
          {children}
        </div>
        {detail && <div className="text-xs text-base-content/70">{detail}</div>}
      </dd>
    </div>
  );
}

// Everything about one referral: states, the next step with the talent, notes, call proofs, history.
/** The recruiter reads their own changes as "You". */
function actorForMe(entry: HistoryEntry): string {
  switch (entry.actorKind) {
    case 'RECRUITER':
      return m.referral_actor_you();
    case 'ADMIN':
      return m.referral_actor_admin();
    case 'TALENT':
      return m.referral_actor_talent();
    case 'COMPANY':
      return m.referral_actor_company();
    default:
      return m.referral_actor_system();
  }
}

export function ReferralBody({
  referral,
  talent,
  recruiterName,
}: {
  referral: ReferralDetail;
  talent: TalentDetail;
  recruiterName: string;
}) {
  const locale = talentLocale(referral.talentLocale || talent.contactLocale);
  const text = reminderText({
    talentName: talentDisplayName(talent.fullName),
    recruiterName,
    taskTitle: referral.taskTitle,
    consentStatus: referral.consentStatus,
    itaStatus: referral.itaStatus,
    locale,
  });
  // A closed referral (hiring final or reward paid) sends the talent nothing more: the server refuses it.
  const closed = isReferralClosed(referral);
  const consentAsked = referral.consentStatus === 'PENDING';
  const itaAsked =
    referral.consentStatus === 'CONFIRMED' && (referral.itaStatus === 'NOT_SENT' || referral.itaStatus === 'SENT');
  // An anonymised talent has no address left: nothing is sent to them, nor offered (issue 24).
  const erased = talent.erasedAt !== null;
  // A talent who withdrew their consent is not to be contacted about this job: no way to is offered, nor a
  // call proof (the server refuses one: CONSENT_WITHDRAWN).
  const withdrawn = Boolean(referral.consentWithdrawnAt);
  const canResendConsent = !closed && !erased && consentAsked;
  const canSendIta = !closed && !erased && itaAsked;

  return (
    <div className="space-y-5 pt-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <State
          label={m.referral_consent()}
          detail={
            referral.consentDecidedAt
              ? m.referral_answered_at({ time: formatDateTime(referral.consentDecidedAt) })
              : undefined
          }
        >
          <ConsentBadge status={referral.consentStatus} withdrawn={withdrawn} />
        </State>
        <State
          label={m.referral_ita()}
          detail={
            referral.itaDecidedAt ? m.referral_answered_at({ time: formatDateTime(referral.itaDecidedAt) }) : undefined
          }
        >
          <ItaBadge status={referral.itaStatus} />
        </State>
        <State label={m.referral_hiring()}>
          <HiringBadge status={referral.hiringStatus} />
          <HiringReason reason={referral.hiringReason} />
        </State>
        <State
          label={m.referral_reward()}
          detail={referral.rewardReason ? m.referral_reward_reason({ reason: referral.rewardReason }) : undefined}
        >
          <RewardBadge status={referral.rewardStatus} withdrawn={withdrawn} />
          {referral.rewardAmount != null && referral.rewardCurrency && (
            <span className="text-sm font-medium" data-testid="reward-amount">
              {formatMoney(referral.rewardAmount, referral.rewardCurrency)}
            </span>
          )}
        </State>
      </dl>

      {(canResendConsent || canSendIta) && (
        <div className="space-y-3">
          {canResendConsent && (
            <SendLinkButton
              referralId={referral.id}
              talentId={talent.id}
              kind="consent"
              label={m.referral_resend_consent()}
              sentAt={referral.consentSentAt}
              resendAt={referral.consentResendAt}
            />
          )}
          {canSendIta && (
            <SendLinkButton
              referralId={referral.id}
              talentId={talent.id}
              kind="ita"
              label={referral.itaStatus === 'SENT' ? m.referral_resend_ita() : m.referral_send_ita()}
              sentAt={referral.itaSentAt}
              resendAt={referral.itaResendAt}
            />
          )}
        </div>
      )}

      {closed && (consentAsked || itaAsked) && (
        <p className="text-sm text-base-content/60" data-testid="referral-closed">
          {m.referral_closed_no_emails()}
        </p>
      )}

      {!erased && !withdrawn && (
        <nav aria-label={m.talent_contact_heading()} className="space-y-1">
          <div className="flex flex-wrap gap-2">
            <a className="btn btn-sm btn-outline" href={telLink(talent.phoneE164)}>
              {m.talent_call()}
            </a>
            <a
              className="btn btn-sm btn-success btn-outline"
              href={whatsappLink(talent.phoneE164, text)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="whatsapp-link"
            >
              {m.talent_whatsapp()}
            </a>
            <a
              className="btn btn-sm btn-outline"
              href={mailtoLink(talent.email, reminderSubject(referral.taskTitle, locale), text)}
              data-testid="mailto-link"
            >
              {m.talent_send_email()}
            </a>
          </div>
          <p className="text-xs text-base-content/60">{m.talent_whatsapp_hint({ language: languageName(locale) })}</p>
        </nav>
      )}

      {/* A note about an erased person would be new personal data about them. */}
      {!erased && <ReferralNote referral={referral} talentId={talent.id} facts={noteFactsOf(talent)} />}

      <section className="space-y-3">
        <h3 className="font-semibold">{m.call_proof_ui_heading()}</h3>
        <CallProofList
          referralId={referral.id}
          talentId={talent.id}
          proofs={referral.callProofList}
          listing={referral}
        />
        {!erased && !withdrawn && <CallProofForm referralId={referral.id} talentId={talent.id} />}
      </section>

      <section className="space-y-2">
        <h3 className="font-semibold">{m.referral_history_heading()}</h3>
        <ReferralHistoryList entries={referral.history} actor={actorForMe} testId="referral-history" />
      </section>
    </div>
  );
}
