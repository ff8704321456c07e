import * as v from 'valibot';
import { idParam, pageParam, pageSizeParam, textParam } from '#src/lib/list-search.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';

// Typed search params of Admin › Companies (ARCHITECTURE.md convention 3). Each key falls back to its
// default on its own; `company` opens one company over the list.

export const companySearchSchema = v.object({
  search: textParam,
  page: pageParam,
  pageSize: pageSizeParam,
  company: idParam,
});
export type CompanySearch = v.InferOutput<typeof companySearchSchema>;
export type CompanyListFilters = Omit<CompanySearch, 'company'>;

export const COMPANY_LIST_DEFAULTS = {
  search: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies Partial<CompanySearch>;

/** The list's filters without the panel, so opening a company does not reload the list. */
export function listFilters(search: CompanySearch): CompanyListFilters {
  const { company: _company, ...filters } = search;
  return filters;
}
