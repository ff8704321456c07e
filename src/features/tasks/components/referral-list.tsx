import { Link } from '@tanstack/react-router';
import { FilterSelect } from '#src/components/list/filter-select.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { Pagination } from '#src/components/list/pagination.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { asPageSize, REFERRAL_LIST_DEFAULTS, type ReferralListFilters } from '#src/features/tasks/search.ts';
import { CONSENT_LABELS, HIRING_LABELS, REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import { CONSENT_STATUSES, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';
import type { ReferralSummary } from '#src/shared/recruiter-types.ts';
import { ReferralRow } from './referral-row';

type ReferralListProps = {
  data: ListPage<ReferralSummary>;
  filters: ReferralListFilters;
  onChange: (patch: Partial<ReferralListFilters>) => void;
};

// Manage Task's talent view: my referrals across tasks, filtered by consent, hiring and reward state.
export function ReferralList({ data, filters, onChange }: ReferralListProps) {
  const defaults = REFERRAL_LIST_DEFAULTS;
  const change = (patch: Partial<ReferralListFilters>) => onChange({ ...patch, page: 1 });
  const filtered =
    filters.page > 1 ||
    filters.search !== '' ||
    filters.consent !== '' ||
    filters.hiring !== '' ||
    filters.reward !== '';
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <legend className="sr-only">{m.manage_referral_filters_label()}</legend>
        <SearchBox id="referrals-search" value={filters.search} onSearch={(search) => change({ search })} />
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
          <FilterSelect
            id="referrals-consent"
            label={m.manage_filter_consent()}
            value={filters.consent}
            onChange={(consent) => change({ consent })}
            options={[
              { value: '', label: m.manage_filter_any_consent() },
              ...CONSENT_STATUSES.map((status) => ({ value: status, label: CONSENT_LABELS[status]() })),
            ]}
          />
          <FilterSelect
            id="referrals-hiring"
            label={m.manage_filter_hiring()}
            value={filters.hiring}
            onChange={(hiring) => change({ hiring })}
            options={[
              { value: '', label: m.manage_filter_any_hiring() },
              ...HIRING_STATUSES.map((status) => ({ value: status, label: HIRING_LABELS[status]() })),
            ]}
          />
          <FilterSelect
            id="referrals-reward"
            label={m.manage_filter_reward()}
            value={filters.reward}
            onChange={(reward) => change({ reward })}
            options={[
              { value: '', label: m.manage_filter_any_reward() },
              ...REWARD_FILTERS.map((status) => ({ value: status, label: REWARD_LABELS[status]() })),
            ]}
          />
        </div>
      </fieldset>
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.manage_talent_view_empty()}
          onClear={() =>
            change({
              search: defaults.search,
              consent: defaults.consent,
              hiring: defaults.hiring,
              reward: defaults.reward,
            })
          }
        >
          <Link to="/manage-task" className="btn btn-sm btn-primary">
            {m.manage_back_to_tasks()}
          </Link>
        </ListEmpty>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label={m.manage_referrals_list_label()}>
          {data.items.map((referral) => (
            <li key={referral.id}>
              <ReferralRow referral={referral} showTask />
            </li>
          ))}
        </ul>
      )}
      {data.total > 0 && (
        <Pagination
          idPrefix="referrals"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(next) => onChange({ page: next.page, pageSize: asPageSize(next.pageSize) })}
        />
      )}
    </div>
  );
}
