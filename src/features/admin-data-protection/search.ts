import * as v from 'valibot';
import { idParam, pageParam, pageSizeParam, textParam } from '#src/lib/list-search.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';
import { DATA_REQUEST_STATUSES } from '#src/shared/enums.ts';

// Typed search params of Admin › Data protection: the tab, the search text, the person open, and the
// requests' status filter and page, each falling back to its default on its own.
export const dataProtectionSearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(['people', 'requests'] as const), 'people'), 'people'),
  q: textParam,
  person: idParam,
  status: v.fallback(v.optional(v.picklist(DATA_REQUEST_STATUSES), 'OPEN'), 'OPEN'),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type DataProtectionSearch = v.InferOutput<typeof dataProtectionSearchSchema>;

export const DATA_PROTECTION_DEFAULTS = {
  tab: 'people',
  q: '',
  status: 'OPEN',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies Partial<DataProtectionSearch>;
