import { m } from '#src/paraglide/messages.js';
import type { ReferralCounts } from '#src/shared/recruiter-types.ts';

type Count = { label: string; value: number; tone: string; testId: string };

// The recruiter's referrals to a task by consent and by reward state: what waits on the talent, and
// what waits on the admin. A withdrawal is counted as withdrawn, never declined, and its reward (closed)
// as not rewarded, never in review, as its card says (issue 42.6).
export function ReferralCountsView({ counts }: { counts: ReferralCounts }) {
  const consent: Count[] = [
    {
      label: m.manage_count_pending(),
      value: counts.consentPending,
      tone: 'text-warning',
      testId: 'count-consent-pending',
    },
    {
      label: m.manage_count_confirmed(),
      value: counts.consentConfirmed,
      tone: 'text-success',
      testId: 'count-consent-confirmed',
    },
    {
      label: m.manage_count_declined(),
      value: counts.consentDeclined,
      tone: 'text-error',
      testId: 'count-consent-declined',
    },
    {
      label: m.manage_count_withdrawn(),
      value: counts.consentWithdrawn,
      tone: 'text-error',
      testId: 'count-consent-withdrawn',
    },
  ];
  const reward: Count[] = [
    { label: m.manage_count_in_review(), value: counts.rewardInReview, tone: '', testId: 'count-reward-in-review' },
    {
      label: m.manage_count_approved(),
      value: counts.rewardApproved,
      tone: 'text-success',
      testId: 'count-reward-approved',
    },
    {
      label: m.manage_count_not_rewarded(),
      value: counts.rewardNotRewarded,
      tone: 'text-error',
      testId: 'count-reward-not-rewarded',
    },
  ];
  return (
    <section className="space-y-2 rounded-box bg-base-200/60 p-3" aria-label={m.manage_counts_label()}>
      <p className="text-sm font-medium" data-testid="count-total">
        {m.manage_referred_total({ count: String(counts.total) })}
      </p>
      <CountRow title={m.manage_counts_consent()} counts={consent} />
      <CountRow title={m.manage_counts_reward()} counts={reward} />
    </section>
  );
}

function CountRow({ title, counts }: { title: string; counts: Count[] }) {
  return (
    <div>
      <h3 className="text-xs text-base-content/60">{title}</h3>
      <dl className={`grid gap-1 text-center ${counts.length > 3 ? 'grid-cols-4' : 'grid-cols-3'}`}>
        {counts.map((count) => (
          <div key={count.testId} className="rounded-field bg-base-100 px-1 py-1">
            <dd
              className={`text-lg font-semibold leading-tight ${count.value > 0 ? count.tone : 'text-base-content/70'}`}
              data-testid={count.testId}
            >
              {count.value}
            </dd>
            <dt className="text-[11px] leading-tight text-base-content/70">{count.label}</dt>
          </div>
        ))}
      </dl>
    </div>
  );
}
