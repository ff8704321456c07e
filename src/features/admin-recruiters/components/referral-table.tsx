import { HiringStatusLink } from '#src/components/list/hiring-status-link.tsx';
import { type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import { ConsentBadge, HiringBadge, ItaBadge, RewardBadge } from '#src/components/status/referral-badges.tsx';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { talentContact, talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import { formatPhone } from '#src/shared/phone.ts';
import type { ReferralSummary } from '#src/shared/recruiter-types.ts';

type ReferralTableProps = { referrals: ReferralSummary[]; showTask?: boolean };

// The talent's name opens the referral where the admin decides on it (Hiring status, `?referral=<id>`):
// CV, proofs, history and the hiring and reward decisions on one screen.
function ReferralLink({ referral }: { referral: ReferralSummary }) {
  return (
    <HiringStatusLink
      search={{ referral: referral.id }}
      label={m.admin_recruiters_open_referral({ name: talentDisplayName(referral.talentName) })}
      testId="referral-link"
      className="font-semibold"
    >
      {talentDisplayName(referral.talentName)}
    </HiringStatusLink>
  );
}

function Badges({ referral }: { referral: ReferralSummary }) {
  return (
    <>
      <ConsentBadge status={referral.consentStatus} withdrawn={Boolean(referral.consentWithdrawnAt)} />
      <ItaBadge status={referral.itaStatus} />
      <HiringBadge status={referral.hiringStatus} />
      <RewardBadge status={referral.rewardStatus} withdrawn={Boolean(referral.consentWithdrawnAt)} />
    </>
  );
}

function Reward({ referral }: { referral: ReferralSummary }) {
  if (referral.rewardAmount === null || referral.rewardCurrency === null) return null;
  return (
    <span className="text-xs tabular-nums text-base-content/70" data-testid="referral-reward-amount">
      {formatMoney(referral.rewardAmount, referral.rewardCurrency)}
    </span>
  );
}

function CallProofs({ referral }: { referral: ReferralSummary }) {
  const { needReview, total } = referral.callProofs;
  return needReview > 0 ? (
    <span className="badge badge-warning badge-soft badge-sm whitespace-nowrap" data-testid="referral-call-proofs">
      {m.admin_recruiters_call_proofs_review({ count: String(needReview) })}
    </span>
  ) : (
    <span className="text-xs text-base-content/70" data-testid="referral-call-proofs">
      {m.admin_recruiters_call_proofs_total({ count: String(total) })}
    </span>
  );
}

// A function: the headings are read in the current language at each render.
const columns = (showTask: boolean): Column<ReferralSummary>[] => [
  {
    header: m.admin_recruiters_col_talent(),
    cell: (referral) => (
      <>
        <ReferralLink referral={referral} />
        <div className="text-sm text-base-content/70">
          {talentContact(referral.talentEmail, formatPhone(referral.talentPhone))}
        </div>
      </>
    ),
  },
  ...(showTask
    ? [
        {
          header: m.admin_recruiters_col_task(),
          testId: 'referral-task',
          cell: (referral: ReferralSummary) => (
            <>
              <div>{referral.taskTitle}</div>
              <div className="text-sm text-base-content/70">
                <span className="font-mono text-xs">{referral.taskCode}</span> · {referral.company}
              </div>
            </>
          ),
        },
      ]
    : []),
  {
    header: m.admin_recruiters_col_states(),
    cell: (referral) => (
      <div className="flex max-w-sm flex-wrap items-center gap-1">
        <Badges referral={referral} />
        <Reward referral={referral} />
      </div>
    ),
  },
  { header: m.admin_recruiters_col_call_proofs(), cell: (referral) => <CallProofs referral={referral} /> },
  {
    header: m.admin_recruiters_col_referred(),
    className: 'whitespace-nowrap',
    cell: (referral) => formatDate(referral.createdAt),
  },
];

// A recruiter's referrals with their consent, ITA, hiring and reward states: a table on a desktop, cards on
// a phone. `showTask` for the talent view across tasks.
export function ReferralTable({ referrals, showTask = false }: ReferralTableProps) {
  return (
    <TableAndCards
      label={m.admin_recruiters_referrals_label()}
      items={referrals}
      columns={columns(showTask)}
      rowTestId="referral-row"
      cardTestId="referral-card"
      card={(referral) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="leading-snug">
                <ReferralLink referral={referral} />
              </h3>
              <p className="truncate text-xs text-base-content/70">
                {talentContact(referral.talentEmail, formatPhone(referral.talentPhone))}
              </p>
            </div>
            <span className="shrink-0 text-xs text-base-content/60">{formatDate(referral.createdAt)}</span>
          </div>
          {showTask && (
            <p className="text-sm text-base-content/70">
              {referral.taskTitle} · {referral.company}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-1">
            <Badges referral={referral} />
            <Reward referral={referral} />
          </div>
          <CallProofs referral={referral} />
        </>
      )}
    />
  );
}
