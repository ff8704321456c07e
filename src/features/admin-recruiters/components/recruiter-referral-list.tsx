import { FilterSelect } from '#src/components/list/filter-select.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { Pagination } from '#src/components/list/pagination.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import {
  asPageSize,
  RECRUITER_REFERRAL_DEFAULTS,
  type RecruiterReferralFilters,
} from '#src/features/admin-recruiters/search.ts';
import { CONSENT_LABELS, HIRING_LABELS, REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import { CONSENT_STATUSES, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';
import type { ReferralSummary } from '#src/shared/recruiter-types.ts';
import { ReferralTable } from './referral-table';

type RecruiterReferralListProps = {
  data: ListPage<ReferralSummary>;
  filters: RecruiterReferralFilters;
  onChange: (patch: Partial<RecruiterReferralFilters>) => void;
};

// The talent view of a recruiter: their referrals across tasks, filtered by consent, hiring and reward.
export function RecruiterReferralList({ data, filters, onChange }: RecruiterReferralListProps) {
  const change = (patch: Partial<RecruiterReferralFilters>) => onChange({ ...patch, page: 1 });
  const defaults = RECRUITER_REFERRAL_DEFAULTS;
  const filtered =
    filters.page > 1 ||
    filters.search !== '' ||
    filters.consent !== '' ||
    filters.hiring !== '' ||
    filters.reward !== '';
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <legend className="sr-only">{m.admin_recruiters_referral_filters_label()}</legend>
        <SearchBox id="recruiter-referrals-search" value={filters.search} onSearch={(search) => change({ search })} />
        <FilterSelect
          id="recruiter-referrals-consent"
          label={m.admin_recruiters_filter_consent()}
          value={filters.consent}
          onChange={(consent) => change({ consent })}
          options={[
            { value: '', label: m.admin_recruiters_filter_any() },
            ...CONSENT_STATUSES.map((status) => ({ value: status, label: CONSENT_LABELS[status]() })),
          ]}
        />
        <FilterSelect
          id="recruiter-referrals-hiring"
          label={m.admin_recruiters_filter_hiring()}
          value={filters.hiring}
          onChange={(hiring) => change({ hiring })}
          options={[
            { value: '', label: m.admin_recruiters_filter_any() },
            ...HIRING_STATUSES.map((status) => ({ value: status, label: HIRING_LABELS[status]() })),
          ]}
        />
        <FilterSelect
          id="recruiter-referrals-reward"
          label={m.admin_recruiters_filter_reward()}
          value={filters.reward}
          onChange={(reward) => change({ reward })}
          options={[
            { value: '', label: m.admin_recruiters_filter_any() },
            ...REWARD_FILTERS.map((status) => ({ value: status, label: REWARD_LABELS[status]() })),
          ]}
        />
      </fieldset>
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.admin_recruiters_referrals_empty()}
          onClear={() =>
            change({
              search: defaults.search,
              consent: defaults.consent,
              hiring: defaults.hiring,
              reward: defaults.reward,
            })
          }
        />
      ) : (
        <ReferralTable referrals={data.items} showTask />
      )}
      {data.total > 0 && (
        <Pagination
          idPrefix="recruiter-referrals"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(next) => onChange({ page: next.page, pageSize: asPageSize(next.pageSize) })}
        />
      )}
    </div>
  );
}
