import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { fromWallTime } from '#src/lib/wall-time.ts';
import type { AccessRecordSearch } from './search';

// Admin › Access record (`/api/admin/access-log`, `/api/admin/data-locations`). Keys start with
// 'admin-access-record'. The record only grows: nothing on this screen changes it, so no mutation here.

export const adminAccessRecordKeys = {
  all: ['admin-access-record'] as const,
  list: ['admin-access-record', 'list'] as const,
  locations: ['admin-access-record', 'data-locations'] as const,
};

/** The day after "2026-11-27", as text: the range's end is the start of the day after its last day. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The query the API takes: days become the moments they start at in the admin's zone (`to` exclusive). */
export function accessLogQuery(search: AccessRecordSearch): Record<string, string> {
  const query: Record<string, string> = { page: String(search.page), pageSize: String(search.pageSize) };
  if (search.action) query.action = search.action;
  if (search.actorId) query.actorId = String(search.actorId);
  if (search.talentId) query.talentId = String(search.talentId);
  if (search.from) query.from = fromWallTime(`${search.from}T00:00`);
  if (search.to) query.to = fromWallTime(`${nextDay(search.to)}T00:00`);
  return query;
}

export const accessLogQueryOptions = (search: AccessRecordSearch) =>
  queryOptions({
    queryKey: [...adminAccessRecordKeys.list, search],
    queryFn: () => unwrap(api.api.admin['access-log'].$get({ query: accessLogQuery(search) })),
  });

export const dataLocationsQueryOptions = () =>
  queryOptions({
    queryKey: adminAccessRecordKeys.locations,
    queryFn: () => unwrap(api.api.admin['data-locations'].$get()),
    // The server's settings change only with a restart.
    staleTime: 5 * 60_000,
  });
