import { Link } from '@tanstack/react-router';
import { FilterSelect } from '../../../components/list/filter-select';
import { ListEmpty } from '../../../components/list/list-states';
import { Pagination } from '../../../components/list/pagination';
import { SearchBox } from '../../../components/list/search-box';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { m } from '../../../paraglide/messages';
import type { AdminPromoSummary } from '../../../shared/admin-promo-types';
import type { ListPage } from '../../../shared/api-response';
import { asPageSize, type PromoListFilters } from '../search';
import { PERIOD_LABELS, PeriodBadge } from './period-badge';

type PromoListProps = {
  data: ListPage<AdminPromoSummary>;
  filters: PromoListFilters;
  onChange: (patch: Partial<PromoListFilters>) => void;
  onCreate: () => void;
};

function PromoLink({ promo }: { promo: AdminPromoSummary }) {
  return (
    <Link to="/admin/promo/$id" params={{ id: String(promo.id) }} className="link link-hover font-semibold">
      {promo.title}
    </Link>
  );
}

const period = (promo: AdminPromoSummary) =>
  m.admin_promo_period_range({ start: formatDateTime(promo.startsAt), end: formatDateTime(promo.endsAt) });

// The promos: search and period in the URL; a table on a desktop, cards on a phone.
export function PromoList({ data, filters, onChange, onCreate }: PromoListProps) {
  const change = (patch: Partial<PromoListFilters>) => onChange({ ...patch, page: 1 });
  const filtered = filters.search !== '' || filters.period !== '' || filters.page > 1;
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <legend className="sr-only">{m.admin_promo_filters_label()}</legend>
        <SearchBox id="promos-search" value={filters.search} onSearch={(search) => change({ search })} />
        <FilterSelect
          id="promos-period"
          label={m.admin_promo_period_label()}
          value={filters.period}
          onChange={(value) => change({ period: value })}
          options={[
            { value: '' as const, label: m.admin_promo_period_all() },
            ...(['RUNNING', 'UPCOMING', 'ENDED'] as const).map((value) => ({ value, label: PERIOD_LABELS[value]() })),
          ]}
        />
      </fieldset>
      {data.items.length === 0 ? (
        <ListEmpty filtered={filtered} title={m.admin_promo_empty()} onClear={() => change({ search: '', period: '' })}>
          <button type="button" className="btn btn-sm btn-primary" onClick={onCreate}>
            {m.admin_promo_new()}
          </button>
        </ListEmpty>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 lg:block">
            <table className="table" aria-label={m.admin_promo_list_label()}>
              <thead>
                <tr>
                  <th>{m.admin_promo_col_promo()}</th>
                  <th>{m.admin_promo_col_period()}</th>
                  <th className="text-right">{m.admin_promo_col_bonus()}</th>
                  <th className="text-right">{m.admin_promo_col_tasks()}</th>
                  <th className="text-right">{m.admin_promo_col_referrals()}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((promo) => (
                  <tr key={promo.id} data-testid="promo-row">
                    <td>
                      <PromoLink promo={promo} />
                      {promo.description && (
                        <div className="line-clamp-1 max-w-md text-sm text-base-content/70">{promo.description}</div>
                      )}
                    </td>
                    <td>
                      <div className="flex flex-col gap-1">
                        <PeriodBadge period={promo.period} />
                        <span className="text-sm whitespace-nowrap">{period(promo)}</span>
                      </div>
                    </td>
                    <td className="text-right tabular-nums whitespace-nowrap" data-testid="promo-bonus">
                      {formatMoney(promo.bonusAmount, promo.bonusCurrency)}
                    </td>
                    <td className="text-right tabular-nums" data-testid="promo-task-count">
                      {promo.taskCount}
                    </td>
                    <td className="text-right tabular-nums">{promo.referralCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:hidden" aria-label={m.admin_promo_list_label()}>
            {data.items.map((promo) => (
              <li key={promo.id}>
                <article className="card card-sm border border-base-300 bg-base-100" data-testid="promo-card">
                  <div className="card-body gap-2">
                    <div className="flex items-start justify-between gap-2">
                      <h3 className="leading-snug">
                        <PromoLink promo={promo} />
                      </h3>
                      <PeriodBadge period={promo.period} />
                    </div>
                    <p className="text-sm text-base-content/70">{period(promo)}</p>
                    <dl className="grid grid-cols-3 gap-2 text-sm">
                      <div>
                        <dt className="text-xs text-base-content/60">{m.admin_promo_col_bonus()}</dt>
                        <dd className="font-semibold tabular-nums">
                          {formatMoney(promo.bonusAmount, promo.bonusCurrency)}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-xs text-base-content/60">{m.admin_promo_col_tasks()}</dt>
                        <dd className="font-semibold tabular-nums">{promo.taskCount}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-base-content/60">{m.admin_promo_col_referrals()}</dt>
                        <dd className="font-semibold tabular-nums">{promo.referralCount}</dd>
                      </div>
                    </dl>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.total > 0 && (
        <Pagination
          idPrefix="promos"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(next) => onChange({ page: next.page, pageSize: asPageSize(next.pageSize) })}
        />
      )}
    </div>
  );
}
