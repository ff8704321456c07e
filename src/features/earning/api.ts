import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, unwrap } from '#src/lib/api-client.ts';
import { toAppError } from '#src/lib/app-error.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import type { Cp58RecruiterView } from '#src/shared/cp58-types.ts';
import type { EarningReferral, EarningSummary, MyPayment } from '#src/shared/earning-types.ts';
import type { YearlyStatement } from '#src/shared/statement-types.ts';
import type { EarningFilters } from './search-params';

// The refusals of a request for Form CP58 (issue 46), which the button's toast says.
registerFieldMessages({
  cp58_year_not_over: m.statement_cp58_field_year_not_over,
  cp58_nothing_paid: m.statement_cp58_field_nothing_paid,
});

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

/** My yearly statement (`GET /api/recruiter/earning/statement`, issue 46): a calendar year in Malaysia time. */
export const statementQueryOptions = (year: number) =>
  queryOptions({
    queryKey: ['earning', 'statement', year],
    queryFn: (): Promise<YearlyStatement> =>
      unwrap(api.api.recruiter.earning.statement.$get({ query: { year: String(year) } })),
  });

/** The statement's PDF in `locale` (the app's language), as bytes and the server's file name. */
export async function downloadStatementPdf(year: number, locale: string) {
  const query = new URLSearchParams({ year: String(year), locale });
  const response = await apiFetch(`/api/recruiter/earning/statement.pdf?${query}`);
  if (!response.ok) throw await toAppError(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), name: name ?? `statement-${year}.pdf` };
}

/** My issued Form CP58s (every version) and my requests for one (`GET /api/recruiter/earning/cp58`). */
export const myCp58QueryOptions = () =>
  queryOptions({
    queryKey: ['earning', 'cp58'],
    queryFn: (): Promise<Cp58RecruiterView> => unwrap(api.api.recruiter.earning.cp58.$get()),
  });

/** Asks for my Form CP58 of a year (below the threshold it is given on request); admins are told. */
export function useRequestCp58Mutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => unwrap(api.api.recruiter.earning.cp58.request.$post({ json: { year } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myCp58QueryOptions().queryKey }),
  });
}

/** One of my issued forms, as issued. */
export async function downloadMyCp58(id: number) {
  const response = await apiFetch(`/api/recruiter/earning/cp58/${id}/pdf`);
  if (!response.ok) throw await toAppError(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), name: name ?? `cp58-${id}.pdf` };
}
