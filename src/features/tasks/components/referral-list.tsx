import { Link } from '@tanstack/react-router';
import { ReferralFilterList } from '#src/components/list/referral-filter-list.tsx';
import type { ReferralListFilters } from '#src/lib/referral-list-search.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import type { ReferralSummary } from '#src/shared/recruiter-types.ts';
import { ReferralRow } from './referral-row';

type ReferralListProps = {
  data: ListPage<ReferralSummary>;
  filters: ReferralListFilters;
  onChange: (patch: Partial<ReferralListFilters>) => void;
};

// Manage Task's talent view: my referrals across tasks, filtered by consent, hiring and reward state.
export function ReferralList({ data, filters, onChange }: ReferralListProps) {
  return (
    <ReferralFilterList
      idPrefix="referrals"
      data={data}
      filters={filters}
      onChange={onChange}
      labels={{
        legend: m.manage_referral_filters_label(),
        consent: m.manage_filter_consent(),
        hiring: m.manage_filter_hiring(),
        reward: m.manage_filter_reward(),
        anyConsent: m.manage_filter_any_consent(),
        anyHiring: m.manage_filter_any_hiring(),
        anyReward: m.manage_filter_any_reward(),
        empty: m.manage_talent_view_empty(),
      }}
      selectsClassName="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap"
      emptyAction={
        <Link to="/manage-task" className="btn btn-sm btn-primary">
          {m.manage_back_to_tasks()}
        </Link>
      }
      renderItems={(items) => (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label={m.manage_referrals_list_label()}>
          {items.map((referral) => (
            <li key={referral.id}>
              <ReferralRow referral={referral} showTask />
            </li>
          ))}
        </ul>
      )}
    />
  );
}
