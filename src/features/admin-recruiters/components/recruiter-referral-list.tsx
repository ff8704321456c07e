import { ReferralFilterList } from '#src/components/list/referral-filter-list.tsx';
import type { ReferralListFilters } from '#src/lib/referral-list-search.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import type { ReferralSummary } from '#src/shared/recruiter-types.ts';
import { ReferralTable } from './referral-table';

type RecruiterReferralListProps = {
  data: ListPage<ReferralSummary>;
  filters: ReferralListFilters;
  onChange: (patch: Partial<ReferralListFilters>) => void;
};

// The talent view of a recruiter: their referrals across tasks, filtered by consent, hiring and reward.
export function RecruiterReferralList({ data, filters, onChange }: RecruiterReferralListProps) {
  return (
    <ReferralFilterList
      idPrefix="recruiter-referrals"
      data={data}
      filters={filters}
      onChange={onChange}
      labels={{
        legend: m.admin_recruiters_referral_filters_label(),
        consent: m.admin_recruiters_filter_consent(),
        hiring: m.admin_recruiters_filter_hiring(),
        reward: m.admin_recruiters_filter_reward(),
        anyConsent: m.admin_recruiters_filter_any(),
        anyHiring: m.admin_recruiters_filter_any(),
        anyReward: m.admin_recruiters_filter_any(),
        empty: m.admin_recruiters_referrals_empty(),
      }}
      renderItems={(items) => <ReferralTable referrals={items} showTask />}
    />
  );
}
