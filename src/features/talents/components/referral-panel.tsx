import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ConsentBadge, HiringBadge, ItaBadge, RewardBadge } from '../../../components/status/referral-badges';
import { m } from '../../../paraglide/messages';
import type { ReferralSummary, TalentDetail } from '../../../shared/recruiter-types';
import { referralQueryOptions } from '../api';
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
          <ConsentBadge status={summary.consentStatus} />
          <ItaBadge status={summary.itaStatus} />
          <HiringBadge status={summary.hiringStatus} />
          <RewardBadge status={summary.rewardStatus} />
        </span>
        {summary.callProofs.total > 0 && (
          <span className="mt-1 block text-xs text-base-content/60">
            {m.referral_call_proof_count({ count: String(summary.callProofs.total) })}
          </span>
        )}
      </button>
      <div id={bodyId} className="collapse-content" hidden={!open}>
        {open && <LoadedReferral referralId={summary.id} talent={talent} recruiterName={recruiterName} />}
      </div>
    </article>
  );
}

function LoadedReferral({
  referralId,
  talent,
  recruiterName,
}: {
  referralId: number;
  talent: TalentDetail;
  recruiterName: string;
}) {
  const query = useQuery(referralQueryOptions(referralId));
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
