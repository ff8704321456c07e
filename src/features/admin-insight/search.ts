import * as v from 'valibot';
import { idParam } from '#src/lib/list-search.ts';
import { MONTH_PATTERN } from '#src/shared/constants.ts';

// Typed search params of Admin › Insight: the period (two months, the API's last twelve when missing) and
// at most one scope id (a task, promo, recruiter or hiring company). Each key falls back on its own; a second scope id or a period that ends before it
// starts is dropped here, so a hand-edited link still opens a page the API answers instead of a 400.

const monthParam = v.fallback(v.optional(v.pipe(v.string(), v.regex(MONTH_PATTERN))), undefined);

export const insightSearchSchema = v.pipe(
  v.object({
    from: monthParam,
    to: monthParam,
    taskId: idParam,
    promoId: idParam,
    recruiterId: idParam,
    companyId: idParam,
  }),
  v.transform((search): InsightSearch => {
    const { from, to, taskId, promoId, recruiterId, companyId } = search;
    const period = from && to && from > to ? { from: undefined, to: undefined } : { from, to };
    // One scope: the first given, in the order the chooser offers them. Every key is set, undefined when
    // dropped: the router lays a route's search over the address's raw one, which would bring it back.
    return {
      ...period,
      taskId,
      promoId: taskId === undefined ? promoId : undefined,
      recruiterId: taskId === undefined && promoId === undefined ? recruiterId : undefined,
      companyId: taskId === undefined && promoId === undefined && recruiterId === undefined ? companyId : undefined,
    };
  }),
);

export type InsightSearch = {
  from?: string;
  to?: string;
  taskId?: number;
  promoId?: number;
  recruiterId?: number;
  companyId?: number;
};

export type ScopeKind = 'all' | 'task' | 'promo' | 'recruiter' | 'company';

export const SCOPE_PARAMS = {
  task: 'taskId',
  promo: 'promoId',
  recruiter: 'recruiterId',
  company: 'companyId',
} as const;

export function scopeOf(search: InsightSearch): { kind: ScopeKind; id: number | null } {
  if (search.taskId) return { kind: 'task', id: search.taskId };
  if (search.promoId) return { kind: 'promo', id: search.promoId };
  if (search.recruiterId) return { kind: 'recruiter', id: search.recruiterId };
  if (search.companyId) return { kind: 'company', id: search.companyId };
  return { kind: 'all', id: null };
}

/** The API's query: only the keys that are set, as text. */
export function insightQuery(search: InsightSearch): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) if (value !== undefined) query[key] = String(value);
  return query;
}
