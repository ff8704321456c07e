import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMonth } from '#src/components/charts/month-label.ts';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { FilterSelect } from '#src/components/list/filter-select.tsx';
import { PINNED_COLUMN, ScrollRegion } from '#src/components/list/scroll-region.tsx';
import { type CompanyGroup, companyAnswersQueryOptions } from '#src/features/admin-insight/api.ts';
import { formatCount, formatDuration } from '#src/features/admin-insight/format.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import type { CompanyInsightRow } from '#src/shared/company-types.ts';

const GROUP_LABELS: Record<CompanyGroup, () => string> = {
  company: m.admin_tasks_field_company,
  task: m.admin_hiring_col_task,
  promo: m.admin_insight_col_promo,
};

// The hiring companies' answers side by side (issue 45): referrals first shared in the period's months, per
// company, task or promo, with how many were answered, how fast (the median hours from sharing to the first
// answer) and how. The funnel above holds the same figures for its one scope.
export function CompanyAnswersSection({ period }: { period: { from: string; to: string } }) {
  const [groupBy, setGroupBy] = useState<CompanyGroup>('company');
  const query = useQuery({ ...companyAnswersQueryOptions(period, groupBy), placeholderData: (prev) => prev });
  const caption = m.admin_insight_companies_caption({
    from: formatMonth(period.from, 'long'),
    to: formatMonth(period.to, 'long'),
  });
  const number = 'text-right tabular-nums';
  const nameOf = (row: CompanyInsightRow) =>
    groupBy === 'promo' && row.id === 0 ? m.admin_insight_no_promo() : row.name;
  return (
    <section aria-labelledby="insight-companies" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="insight-companies" className="text-lg font-semibold">
            {m.admin_insight_companies_heading()}
          </h2>
          <p className="text-sm text-base-content/70">{caption}</p>
        </div>
        <FilterSelect
          id="insight-companies-group"
          label={m.admin_insight_companies_group()}
          value={groupBy}
          onChange={setGroupBy}
          options={(['company', 'task', 'promo'] as const).map((value) => ({
            value,
            label: GROUP_LABELS[value](),
          }))}
        />
      </div>
      {query.isPending && <div className="skeleton h-24 w-full" aria-busy="true" />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data?.items.length === 0 && (
        <p className="text-sm text-base-content/70">{m.admin_insight_companies_empty()}</p>
      )}
      {query.data && query.data.items.length > 0 && (
        <ScrollRegion label={caption} className="bg-base-100">
          <table className="table table-sm" data-testid="insight-companies-table">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                <th scope="col" className={PINNED_COLUMN}>
                  {GROUP_LABELS[groupBy]()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_shared()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_answered()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_answer_time()}
                </th>
                <th scope="col" className="text-right">
                  {m.company_answer_shortlist()}
                </th>
                <th scope="col" className="text-right">
                  {m.company_answer_interview()}
                </th>
                <th scope="col" className="text-right">
                  {m.company_answer_not_a_fit()}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((row) => (
                <tr key={row.id} data-testid="insight-company-row">
                  <th scope="row" className={`font-medium ${PINNED_COLUMN}`}>
                    {nameOf(row)}
                  </th>
                  <td className={number}>{formatCount(row.shared)}</td>
                  <td className={number}>{formatCount(row.answered)}</td>
                  <td className={`${number} whitespace-nowrap`}>{formatDuration(row.medianAnswerHours, 'hours')}</td>
                  <td className={number}>{formatCount(row.answers.SHORTLIST)}</td>
                  <td className={number}>{formatCount(row.answers.INTERVIEW)}</td>
                  <td className={number}>{formatCount(row.answers.NOT_A_FIT)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
