import type { ReactNode } from 'react';
import { FilterSelect, labelledOptions } from '#src/components/list/filter-select.tsx';
import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { CONSENT_FILTER_LABELS } from '#src/lib/enum-labels/consent-filter-labels.ts';
import { HIRING_LABELS, REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { REFERRAL_LIST_DEFAULTS, type ReferralListFilters } from '#src/lib/referral-list-search.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { CONSENT_FILTERS, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';
import type { ReferralSummary } from '#src/shared/recruiter-types.ts';

type ReferralFilterListProps = {
  /** Prefix of the controls' ids, e.g. `referrals` gives `referrals-search`. */
  idPrefix: string;
  data: ListPage<ReferralSummary>;
  filters: ReferralListFilters;
  onChange: (patch: Partial<ReferralListFilters>) => void;
  /** Each view words its filters in its own messages. */
  labels: {
    legend: string;
    consent: string;
    hiring: string;
    reward: string;
    anyConsent: string;
    anyHiring: string;
    anyReward: string;
    empty: string;
  };
  /** Classes of a box around the three selects; without it they sit in the fieldset's row. */
  selectsClassName?: string;
  /** Shown under the empty list's title when no filter is set. */
  emptyAction?: ReactNode;
  renderItems: (items: ReferralSummary[]) => ReactNode;
};

// A talent view (the recruiter's own, and Admin's view of one recruiter): referrals across tasks, filtered
// by consent, hiring and reward, with pages. A filter change goes back to page 1.
export function ReferralFilterList(props: ReferralFilterListProps) {
  const { idPrefix, data, filters, onChange, labels, selectsClassName, emptyAction, renderItems } = props;
  const defaults = REFERRAL_LIST_DEFAULTS;
  const change = (patch: Partial<ReferralListFilters>) => onChange({ ...patch, page: 1 });
  const filtered =
    filters.page > 1 ||
    filters.search !== '' ||
    filters.consent !== '' ||
    filters.hiring !== '' ||
    filters.reward !== '';
  const selects = (
    <>
      <FilterSelect
        id={`${idPrefix}-consent`}
        label={labels.consent}
        value={filters.consent}
        onChange={(consent) => change({ consent })}
        options={[{ value: '', label: labels.anyConsent }, ...labelledOptions(CONSENT_FILTERS, CONSENT_FILTER_LABELS)]}
      />
      <FilterSelect
        id={`${idPrefix}-hiring`}
        label={labels.hiring}
        value={filters.hiring}
        onChange={(hiring) => change({ hiring })}
        options={[{ value: '', label: labels.anyHiring }, ...labelledOptions(HIRING_STATUSES, HIRING_LABELS)]}
      />
      <FilterSelect
        id={`${idPrefix}-reward`}
        label={labels.reward}
        value={filters.reward}
        onChange={(reward) => change({ reward })}
        options={[{ value: '', label: labels.anyReward }, ...labelledOptions(REWARD_FILTERS, REWARD_LABELS)]}
      />
    </>
  );
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <legend className="sr-only">{labels.legend}</legend>
        <SearchBox id={`${idPrefix}-search`} value={filters.search} onSearch={(search) => change({ search })} />
        {selectsClassName ? <div className={selectsClassName}>{selects}</div> : selects}
      </fieldset>
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={labels.empty}
          onClear={() =>
            change({
              search: defaults.search,
              consent: defaults.consent,
              hiring: defaults.hiring,
              reward: defaults.reward,
            })
          }
        >
          {emptyAction}
        </ListEmpty>
      ) : (
        renderItems(data.items)
      )}
      <ListPagination idPrefix={idPrefix} data={data} onChange={onChange} />
    </div>
  );
}
