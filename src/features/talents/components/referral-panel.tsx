import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '#src/components/status/badge.tsx';
import { ConsentBadge, HiringBadge, ItaBadge, RewardBadge } from '#src/components/status/referral-badges.tsx';
import { referralQueryOptions } from '#src/features/talents/api.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import { isReferralClosed, type ReferralSummary, type TalentDetail } from '#src/shared/recruiter-types.ts';
import { ReferralBody } from './referral-body';

type ReferralPanelProps = {
  summary: ReferralSummary;
  talent: TalentDetail;
  recruiterName: string;
  /** Opened (and scrolled to) when the address names this referral: `?referral=<id>`. */
  initiallyOpen: boolean;
};

// One referral of the talent: its task and states in short; open, it loads and shows everything.
export function ReferralPanel({ summary, talent, recruiterName, initiallyOpen }: ReferralPanelProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const ref = useRef<HTMLElement>(null);
  const bodyId = useId();

  // A link to another referral of the same talent keeps this page: follow it.
  useEffect(() => {
    if (!initiallyOpen) return;
    setOpen(true);
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [initiallyOpen]);

  return (
    <article
      ref={ref}
      id={`referral-${summary.id}`}
      className={`collapse collapse-arrow scroll-mt-20 border border-base-300 bg-base-100 ${open ? 'collapse-open' : 'collapse-close'}`}
      data-testid="referral-panel"
    >
      <button
        type="button"
        className="collapse-title w-full cursor-pointer pe-12 text-start"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="block font-semibold">{summary.taskTitle}</span>
        <span className="block text-sm text-base-content/60">
          {summary.taskCode} · {summary.company}
        </span>
        <span className="mt-2 flex flex-wrap gap-1">
          <ConsentBadge status={summary.consentStatus} withdrawn={Boolean(summary.consentWithdrawnAt)} />
          <ItaBadge status={summary.itaStatus} />
          <HiringBadge status={summary.hiringStatus} />
          <RewardBadge status={summary.rewardStatus} withdrawn={Boolean(summary.consentWithdrawnAt)} />
          {consentLinkExpired(summary) && (
            <Badge tone="error" label={m.referral_consent_expired()} testId="consent-expired" />
          )}
        </span>
        {summary.consentWithdrawnAt && (
          <span className="mt-2 block text-sm text-error" data-testid="consent-withdrawn-note">
            {m.referral_consent_withdrawn_note({
              talentName: talentDisplayName(talent.fullName),
              date: formatDateTime(summary.consentWithdrawnAt),
            })}
          </span>
        )}
        {summary.callProofs.total > 0 && (
          <span className="mt-1 block text-xs text-base-content/60">
            {m.referral_call_proof_count({ count: String(summary.callProofs.total) })}
          </span>
        )}
      </button>
      <div id={bodyId} className="collapse-content" hidden={!open}>
        {open && (
          <LoadedReferral
            referralId={summary.id}
            updatedAt={summary.updatedAt}
            talent={talent}
            recruiterName={recruiterName}
          />
        )}
      </div>
    </article>
  );
}

/** A pending consent whose last link has stopped working, and that the recruiter may still chase. */
export const consentLinkExpired = (summary: ReferralSummary, now = Date.now()) =>
  summary.consentStatus === 'PENDING' &&
  !isReferralClosed(summary) &&
  summary.consentExpiresAt != null &&
  Date.parse(summary.consentExpiresAt) <= now;

function LoadedReferral({
  referralId,
  updatedAt,
  talent,
  recruiterName,
}: {
  referralId: number;
  /** The header's summary: when it is newer than the loaded detail (an admin moved the hiring), reload. */
  updatedAt: string;
  talent: TalentDetail;
  recruiterName: string;
}) {
  const query = useQuery(referralQueryOptions(referralId));
  const queryClient = useQueryClient();
  const loadedAt = query.data?.updatedAt;
  // The header and the body come from two calls: a talent refetched on focus with a change the open
  // body has not seen yet would show two states of one referral.
  useEffect(() => {
    if (loadedAt !== undefined && updatedAt > loadedAt) {
      void queryClient.invalidateQueries({ queryKey: referralQueryOptions(referralId).queryKey });
    }
  }, [loadedAt, updatedAt, referralId, queryClient]);
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-base-content/70" role="status">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {m.common_loading()}
      </p>
    );
  }
  // Saved data stays shown when a refetch fails (offline): only no data at all is an error.
  if (query.data === undefined) {
    return (
      <div role="alert" className="alert alert-soft alert-error my-2">
        <span>{m.referral_load_failed()}</span>
        <button type="button" className="btn btn-sm" onClick={() => query.refetch()}>
          {m.referral_retry()}
        </button>
      </div>
    );
  }
  return <ReferralBody referral={query.data} talent={talent} recruiterName={recruiterName} />;
}
