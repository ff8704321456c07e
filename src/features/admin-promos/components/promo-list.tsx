import { Link } from '@tanstack/react-router';
import { FilterSelect } from '#src/components/list/filter-select.tsx';
import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { CardFigures, type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import type { PromoListFilters } from '#src/features/admin-promos/search.ts';
import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminPromoSummary } from '#src/shared/admin-promo-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
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

// A function: the headings are read in the current language at each render.
const columns = (): Column<AdminPromoSummary>[] => [
  {
    header: m.admin_promo_col_promo(),
    cell: (promo) => (
      <>
        <PromoLink promo={promo} />
        {promo.description && (
          <div className="line-clamp-1 max-w-md text-sm text-base-content/70">{promo.description}</div>
        )}
      </>
    ),
  },
  {
    header: m.admin_promo_col_period(),
    cell: (promo) => (
      <div className="flex flex-col gap-1">
        <PeriodBadge period={promo.period} />
        <span className="text-sm whitespace-nowrap">{period(promo)}</span>
      </div>
    ),
  },
  {
    header: m.admin_promo_col_bonus(),
    className: 'text-right tabular-nums whitespace-nowrap',
    testId: 'promo-bonus',
    cell: (promo) => formatMoney(promo.bonusAmount, promo.bonusCurrency),
  },
  {
    header: m.admin_promo_col_tasks(),
    className: 'text-right tabular-nums',
    testId: 'promo-task-count',
    cell: (promo) => promo.taskCount,
  },
  { header: m.admin_promo_col_referrals(), className: 'text-right tabular-nums', cell: (promo) => promo.referralCount },
];

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
        <TableAndCards
          label={m.admin_promo_list_label()}
          items={data.items}
          columns={columns()}
          rowTestId="promo-row"
          cardTestId="promo-card"
          card={(promo) => (
            <>
              <div className="flex items-start justify-between gap-2">
                <h3 className="leading-snug">
                  <PromoLink promo={promo} />
                </h3>
                <PeriodBadge period={promo.period} />
              </div>
              <p className="text-sm text-base-content/70">{period(promo)}</p>
              <CardFigures
                figures={[
                  { label: m.admin_promo_col_bonus(), value: formatMoney(promo.bonusAmount, promo.bonusCurrency) },
                  { label: m.admin_promo_col_tasks(), value: promo.taskCount },
                  { label: m.admin_promo_col_referrals(), value: promo.referralCount },
                ]}
              />
            </>
          )}
        />
      )}
      <ListPagination idPrefix="promos" data={data} onChange={onChange} />
    </div>
  );
}
