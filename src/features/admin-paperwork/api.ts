import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, unwrap } from '#src/lib/api-client.ts';
import { toAppError } from '#src/lib/app-error.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';

// Admin › Paperwork (`/api/admin/cp58`): a year's Form CP58 list, issuing, and the files. Keys start with
// 'admin-cp58'; issuing refetches that year's list.

registerFieldMessages({ cp58_payer_incomplete: m.error_field_cp58_payer_incomplete });

export const adminCp58Keys = {
  all: ['admin-cp58'] as const,
  year: (year: number) => ['admin-cp58', year] as const,
};

export const cp58YearQueryOptions = (year: number) =>
  queryOptions({
    queryKey: adminCp58Keys.year(year),
    queryFn: () => unwrap(api.api.admin.cp58.$get({ query: { year: String(year) } })),
  });

/** Issues the year's forms: every ready one, or those of the recruiters named. */
export function useIssueCp58Mutation(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recruiterIds?: number[]) =>
      unwrap(api.api.admin.cp58.issue.$post({ json: { year, ...(recruiterIds ? { recruiterIds } : {}) } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCp58Keys.year(year) }),
  });
}

/** A file of the server's (bytes and the name it gave), for the screen to save. Each is in the access record. */
async function download(path: string, fallbackName: string) {
  const response = await apiFetch(path);
  if (!response.ok) throw await toAppError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), name };
}

export const downloadCp58Pdf = (formId: number) => download(`/api/admin/cp58/forms/${formId}/pdf`, 'cp58.pdf');
export const downloadCp58Archive = (year: number) => download(`/api/admin/cp58/archive.zip?year=${year}`, 'cp58.zip');
export const downloadCp58Csv = (year: number) => download(`/api/admin/cp58/export.csv?year=${year}`, 'cp58.csv');
