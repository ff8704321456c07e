import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { formatMonth } from '#src/components/charts/month-label.ts';
import { FilterSelect } from '#src/components/list/filter-select.tsx';
import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { RewardBadge } from '#src/components/status/referral-badges.tsx';
import { earningReferralsQueryOptions, earningTaskOptionsQueryOptions } from '#src/features/earning/api.ts';
import { type EarningSearch, earningFilters } from '#src/features/earning/search-params.ts';
import { REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { EarningReferral, EarningSummary } from '#src/shared/earning-types.ts';
import { EARNING_STATUS_FILTERS, type EarningStatusFilter } from '#src/shared/enums.ts';

const route = getRouteApi('/_auth/earning');

const statusLabel = (status: EarningStatusFilter) =>
  status === 'REWARDED'
    ? m.earning_filter_rewarded()
    : status === 'NOT_REWARDED'
      ? m.earning_filter_not_rewarded()
      : REWARD_LABELS[status]();

function ReferralCard({ item, timeZone }: { item: EarningReferral; timeZone: string }) {
  const time = (value: string) => formatDateTime(value, { timeZone });
  return (
    <article className="card border border-base-300 bg-base-100" data-testid="earning-referral">
      <div className="card-body gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <Link
            to="/talents-folder/$id/profile"
            params={{ id: String(item.talentId) }}
            search={{ referral: item.id }}
            className="link link-hover font-medium"
          >
            {talentDisplayName(item.talentName)}
          </Link>
          <RewardBadge status={item.rewardStatus} />
        </div>
        <p className="text-sm text-base-content/70">
          {item.taskCode} · {item.taskTitle}
        </p>
        {item.amount !== null && item.currency ? (
          <p className="text-lg font-semibold tabular-nums">{formatMoney(item.amount, item.currency)}</p>
        ) : (
          <p className="text-sm">{item.reason ? m.earning_reason({ reason: item.reason }) : m.earning_no_reason()}</p>
        )}
        {item.amount !== null && item.reason && (
          <p className="text-sm text-base-content/70">{m.earning_reason({ reason: item.reason })}</p>
        )}
        {item.decidedAt && (
          <p className="text-xs text-base-content/60">{m.earning_decided_at({ time: time(item.decidedAt) })}</p>
        )}
        {item.payment && (
          <p className="text-xs text-base-content/70" data-testid="earning-referral-payment">
            {item.payment.status === 'PAID' && item.payment.paidAt
              ? m.earning_paid_with({
                  reference: item.payment.reference ?? m.earning_no_reference(),
                  time: time(item.payment.paidAt),
                })
              : m.earning_in_payment({ id: String(item.payment.id) })}
          </p>
        )}
      </div>
    </article>
  );
}

// My decided referrals, with filters in the address (a reload or a shared link keeps the view).
export function EarningList({ summary }: { summary: EarningSummary }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(earningReferralsQueryOptions(earningFilters(search)));
  const { data: tasks } = useSuspenseQuery(earningTaskOptionsQueryOptions());

  const update = (next: Partial<EarningSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...next, page: next.page ?? 1 }), resetScroll: false });
  const filtered = Boolean(search.status || search.taskId || search.month);

  const taskOptions = [
    { value: '', label: m.earning_filter_task_all() },
    ...tasks.map((task) => ({ value: String(task.id), label: `${task.code} · ${task.title}` })),
  ];
  if (search.taskId && !tasks.some((task) => task.id === search.taskId)) {
    taskOptions.push({ value: String(search.taskId), label: `#${search.taskId}` });
  }
  const months = [...summary.months].reverse().map((month) => month.month);
  if (search.month && !months.includes(search.month)) months.push(search.month);

  return (
    <section aria-labelledby="earning-list" className="space-y-3">
      <h2 id="earning-list" className="scroll-mt-20 text-lg font-semibold">
        {m.earning_list_heading()}
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: older phone browsers (and test DOMs) do not know <search> */}
      <div
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:flex-wrap"
        aria-label={m.earning_filters_label()}
      >
        <FilterSelect
          id="earning-status"
          label={m.earning_filter_status()}
          value={search.status ?? ''}
          options={[
            { value: '', label: m.earning_filter_status_all() },
            ...EARNING_STATUS_FILTERS.map((value) => ({ value, label: statusLabel(value) })),
          ]}
          onChange={(value) => update({ status: value || undefined })}
        />
        <FilterSelect
          id="earning-task"
          label={m.earning_filter_task()}
          value={search.taskId ? String(search.taskId) : ''}
          options={taskOptions}
          onChange={(value) => update({ taskId: value ? Number(value) : undefined })}
        />
        <FilterSelect
          id="earning-month"
          label={m.earning_filter_month()}
          value={search.month ?? ''}
          options={[
            { value: '', label: m.earning_filter_month_all() },
            ...months.map((month) => ({ value: month, label: formatMonth(month, 'long') })),
          ]}
          onChange={(value) => update({ month: value || undefined })}
        />
      </div>

      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.earning_list_empty()}
          onClear={() => update({ status: undefined, taskId: undefined, month: undefined })}
        />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={m.earning_list_heading()}>
          {data.items.map((item) => (
            <li key={item.id}>
              <ReferralCard item={item} timeZone={summary.timeZone} />
            </li>
          ))}
        </ul>
      )}

      <ListPagination idPrefix="earning" data={data} onChange={update} />
    </section>
  );
}
