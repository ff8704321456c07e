import { queryOptions } from '@tanstack/react-query';
import { api, apiFetch, unwrap } from '#src/lib/api-client.ts';
import { toAppError } from '#src/lib/app-error.ts';
import { type InsightSearch, insightQuery, type ScopeKind } from './search';

// Admin › Insight (`/api/admin/insight/*`): the funnel of a period and scope, the money of the period, the
// hiring companies' answers of the period (`/api/admin/companies/insight`), and the pickers' searches over
// the admin lists (promos, tasks, recruiters, companies; read here, not through those features, which this
// one may not import). Keys start with 'admin-insight'; nothing here writes.

export const insightKeys = {
  all: ['admin-insight'] as const,
  funnel: (search: InsightSearch) => ['admin-insight', 'funnel', insightQuery(search)] as const,
  money: (period: { from?: string; to?: string }) => ['admin-insight', 'money', insightQuery(period)] as const,
  pick: (kind: ScopeKind, search: string) => ['admin-insight', 'pick', kind, search] as const,
  companies: (period: { from: string; to: string }, groupBy: CompanyGroup) =>
    ['admin-insight', 'companies', period, groupBy] as const,
};

export type CompanyGroup = 'company' | 'task' | 'promo';

/** The first instant of a Malaysia month ('YYYY-MM', UTC+8 as the funnel's months), as the API's moments. */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00+08:00`).toISOString();
const monthAfter = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${m === 12 ? year + 1 : year}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}`;
};

/** Referrals first shared with a company in the period's months, per company, task or promo. */
export const companyAnswersQueryOptions = (period: { from: string; to: string }, groupBy: CompanyGroup) =>
  queryOptions({
    queryKey: insightKeys.companies(period, groupBy),
    queryFn: () =>
      unwrap(
        api.api.admin.companies.insight.$get({
          query: { groupBy, from: monthStart(period.from), to: monthStart(monthAfter(period.to)) },
        }),
      ),
  });

export const funnelQueryOptions = (search: InsightSearch) =>
  queryOptions({
    queryKey: insightKeys.funnel(search),
    queryFn: () => unwrap(api.api.admin.insight.funnel.$get({ query: insightQuery(search) })),
  });

export const moneyQueryOptions = (period: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: insightKeys.money(period),
    queryFn: () =>
      unwrap(api.api.admin.insight.money.$get({ query: insightQuery({ from: period.from, to: period.to }) })),
  });

export type ScopeOption = { id: number; label: string; detail: string };

/** The first page of promos, tasks or recruiters matching `search`, as the scope picker lists them. */
export const scopeOptionsQueryOptions = (kind: Exclude<ScopeKind, 'all'>, search: string) =>
  queryOptions({
    queryKey: insightKeys.pick(kind, search),
    queryFn: async (): Promise<ScopeOption[]> => {
      const query = { ...(search ? { search } : {}), page: '1', pageSize: '10' };
      if (kind === 'promo') {
        const page = await unwrap(api.api.admin.promos.$get({ query }));
        return page.items.map((promo) => ({ id: promo.id, label: promo.title, detail: '' }));
      }
      if (kind === 'company') {
        const page = await unwrap(api.api.admin.companies.$get({ query }));
        return page.items.map((company) => ({ id: company.id, label: company.name, detail: '' }));
      }
      if (kind === 'task') {
        const page = await unwrap(api.api.admin.tasks.$get({ query: { ...query, sort: 'latest', status: 'all' } }));
        return page.items.map((task) => ({ id: task.id, label: task.title, detail: `${task.code} · ${task.company}` }));
      }
      const page = await unwrap(api.api.admin.recruiters.$get({ query: { ...query, sort: 'LATEST', status: 'all' } }));
      return page.items.map((recruiter) => ({ id: recruiter.id, label: recruiter.fullName, detail: recruiter.email }));
    },
  });

/** The funnel of the same filters as a CSV file (bytes and the server's file name), for the screen to save. */
export async function downloadFunnelCsv(search: InsightSearch) {
  const response = await apiFetch(`/api/admin/insight/funnel.csv?${new URLSearchParams(insightQuery(search))}`);
  if (!response.ok) throw await toAppError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'funnel.csv';
  return { blob: await response.blob(), name };
}
