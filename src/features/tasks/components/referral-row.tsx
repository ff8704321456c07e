import { Link } from '@tanstack/react-router';
import { ConsentBadge, HiringBadge, ItaBadge, RewardBadge } from '#src/components/status/referral-badges.tsx';
import { formatDate } from '#src/lib/format.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { ReferralSummary } from '#src/shared/recruiter-types.ts';

// One referral: the talent (linking to their profile, opened at this referral), its states, and the
// call proofs still waiting for the admin. `showTask` for the flat talent view across tasks.
export function ReferralRow({ referral, showTask = false }: { referral: ReferralSummary; showTask?: boolean }) {
  const needReview = referral.callProofs.needReview;
  return (
    <article className="card card-sm border border-base-300 bg-base-100" data-testid="referral-row">
      <div className="card-body gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold leading-snug">
              <Link
                to="/talents-folder/$id/profile"
                params={{ id: String(referral.talentId) }}
                search={{ referral: referral.id }}
                className="link link-hover"
                aria-label={m.manage_open_referral({ name: talentDisplayName(referral.talentName) })}
              >
                {talentDisplayName(referral.talentName)}
              </Link>
            </h3>
          </div>
          <span className="shrink-0 text-xs text-base-content/60">
            {m.manage_referred_on({ date: formatDate(referral.createdAt) })}
          </span>
        </div>
        {showTask && (
          <p className="text-sm text-base-content/70" data-testid="referral-task">
            {referral.taskTitle} · {referral.company}
          </p>
        )}
        <div className="flex flex-wrap gap-1">
          <ConsentBadge status={referral.consentStatus} withdrawn={Boolean(referral.consentWithdrawnAt)} />
          <ItaBadge status={referral.itaStatus} />
          <HiringBadge status={referral.hiringStatus} />
          <RewardBadge status={referral.rewardStatus} withdrawn={Boolean(referral.consentWithdrawnAt)} />
        </div>
        <p className="text-xs text-base-content/70" data-testid="referral-call-proofs">
          {needReview > 0 ? (
            <span className="badge badge-warning badge-soft badge-sm">
              {m.manage_call_proofs_review({ count: String(needReview) })}
            </span>
          ) : (
            m.manage_call_proofs_total({ count: String(referral.callProofs.total) })
          )}
        </p>
      </div>
    </article>
  );
}
