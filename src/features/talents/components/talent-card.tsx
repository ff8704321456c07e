import { Link } from '@tanstack/react-router';
import { OutboxStateBadge } from '#src/components/outbox/outbox-state-badge.tsx';
import { ConsentBadge, HiringBadge, RewardBadge } from '#src/components/status/referral-badges.tsx';
import { withdrawnFromAll } from '#src/features/talents/contact.ts';
import { EDUCATION_LABELS } from '#src/lib/enum-labels/talent-labels.ts';
import { formatDate } from '#src/lib/format.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import { formatPhone } from '#src/shared/phone.ts';
import type { TalentSummary } from '#src/shared/recruiter-types.ts';
import { FinishAdding } from './finish-adding';

// One talent in the folder: who, how to reach them, and each referral in short (tap to open it).
// A profile completion still on the device shows as a line with its state.
export function TalentCard({ talent, queuedProfile }: { talent: TalentSummary; queuedProfile?: OutboxEntry }) {
  const id = String(talent.id);
  // Withdrawn from every referral: not to be contacted, so the e-mail and phone are text (contact.ts).
  const contactable = !withdrawnFromAll(talent.referrals);
  return (
    <article className="card card-sm border border-base-300 bg-base-100" data-testid="talent-card">
      <div className="card-body gap-2">
        <h2 className="card-title text-base">
          <Link to="/talents-folder/$id/profile" params={{ id }} className="link link-hover">
            {talentDisplayName(talent.fullName)}
          </Link>
        </h2>
        {talent.erasedAt ? (
          // Anonymised: the rows stay for the money trail, nothing personal is left to show or contact.
          <p className="text-sm text-base-content/70" data-testid="talent-erased">
            {m.talent_erased_on({ date: formatDate(talent.erasedAt) })}
          </p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/60">{m.talent_field_email()}</dt>
            <dd className="min-w-0 break-all">
              {contactable ? (
                <a className="link link-hover" href={`mailto:${talent.email}`}>
                  {talent.email}
                </a>
              ) : (
                talent.email
              )}
            </dd>
            <dt className="text-base-content/60">{m.talent_field_phone()}</dt>
            <dd>
              {contactable ? (
                <a className="link link-hover" href={`tel:${talent.phone}`}>
                  {formatPhone(talent.phone)}
                </a>
              ) : (
                formatPhone(talent.phone)
              )}
            </dd>
            <dt className="text-base-content/60">{m.talent_field_location()}</dt>
            <dd>{[talent.location, talent.country].filter(Boolean).join(', ')}</dd>
            <dt className="text-base-content/60">{m.talent_field_education()}</dt>
            <dd>{EDUCATION_LABELS[talent.educationLevel]?.() ?? talent.educationLevel}</dd>
          </dl>
        )}
        {talent.completionTaskId !== null && !queuedProfile && (
          <FinishAdding talentId={talent.id} taskId={talent.completionTaskId} />
        )}
        {queuedProfile && (
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="queued-profile">
            <span>{m.talent_outbox_profile_waiting()}</span>
            <OutboxStateBadge state={queuedProfile.state} />
          </p>
        )}
        {talent.referrals.length === 0 ? (
          <p className="text-sm text-base-content/60">{m.talent_no_referrals()}</p>
        ) : (
          <ul className="space-y-2 border-t border-base-200 pt-2" aria-label={m.talent_referrals_heading()}>
            {talent.referrals.map((referral) => (
              <li key={referral.id}>
                <Link
                  to="/talents-folder/$id/profile"
                  params={{ id }}
                  search={{ referral: referral.id }}
                  className="link link-hover text-sm font-medium"
                >
                  {referral.taskTitle}
                </Link>
                <div className="mt-1 flex flex-wrap gap-1">
                  <ConsentBadge status={referral.consentStatus} withdrawn={Boolean(referral.consentWithdrawnAt)} />
                  <HiringBadge status={referral.hiringStatus} />
                  <RewardBadge status={referral.rewardStatus} withdrawn={Boolean(referral.consentWithdrawnAt)} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="card-actions justify-end">
          <Link to="/talents-folder/$id/profile" params={{ id }} className="btn btn-sm btn-outline">
            {m.talent_open_profile()}
          </Link>
        </div>
      </div>
    </article>
  );
}
