import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { EarningReferral, EarningSummary, MyPayment } from '#src/shared/earning-types.ts';
import type { EarningFilters } from './search-params';

// The earning page's calls: my totals and months, my decided referrals, my payments. Saved with the
// query cache, so the page still reads offline (with the "as of" note).

/** Totals by reward status, non-rewarded outcomes and 12 months (`GET /api/recruiter/earning`). */
export const earningSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['earning', 'summary'],
    queryFn: (): Promise<EarningSummary> => unwrap(api.api.recruiter.earning.$get()),
  });

const referralsQuery = (filters: EarningFilters) => {
  const query: Record<string, string> = { page: String(filters.page), pageSize: String(filters.pageSize) };
  if (filters.status) query.status = filters.status;
  if (filters.taskId) query.taskId = String(filters.taskId);
  if (filters.month) query.month = filters.month;
  return query;
};

/** My decided referrals, filtered and paged (`GET /api/recruiter/earning/referrals`). */
export const earningReferralsQueryOptions = (filters: EarningFilters) =>
  queryOptions({
    queryKey: ['earning', 'referrals', filters],
    queryFn: (): Promise<ListPage<EarningReferral>> =>
      unwrap(api.api.recruiter.earning.referrals.$get({ query: referralsQuery(filters) })),
  });

/** My payments, newest first (`GET /api/recruiter/earning/payments`). */
export const myPaymentsQueryOptions = (paging: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['earning', 'payments', paging],
    queryFn: (): Promise<ListPage<MyPayment>> =>
      unwrap(
        api.api.recruiter.earning.payments.$get({
          query: { page: String(paging.page), pageSize: String(paging.pageSize) },
        }),
      ),
  });

/** My tasks, for the list's task filter: the first 50 are plenty for a select. */
export const earningTaskOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['earning', 'task-options'],
    queryFn: async () => {
      const page = await unwrap(api.api.recruiter.recruiter.task.$get({ query: { pageSize: '50' } }));
      return page.items.map((task) => ({ id: task.id, code: task.code, title: task.title }));
    },
    staleTime: 5 * 60_000,
  });
