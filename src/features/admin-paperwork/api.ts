import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, unwrap } from '#src/lib/api-client.ts';
import { toAppError } from '#src/lib/app-error.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import type { Cp58IssueResult } from '#src/shared/cp58-types.ts';

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

/** How far an issuing run is: forms issued so far, of those it has found to issue. */
export type IssueProgress = { done: number; total: number };

/**
 * Issues the year's forms: every ready one, or those of the recruiters named. The server issues a batch per
 * call and says how many remain, so this calls again until none do (telling `onProgress` after each call),
 * and answers the run's whole result: every form issued, and what was unchanged or skipped at its end. The
 * list is read again once, when the run ends.
 */
export function useIssueCp58Mutation(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      recruiterIds,
      onProgress,
    }: {
      recruiterIds?: number[];
      onProgress?: (progress: IssueProgress) => void;
    }): Promise<Cp58IssueResult> => {
      const issued: Cp58IssueResult['issued'] = [];
      for (;;) {
        const json = { year, ...(recruiterIds ? { recruiterIds } : {}) };
        const result = await unwrap(api.api.admin.cp58.issue.$post({ json }));
        issued.push(...result.issued);
        onProgress?.({ done: issued.length, total: issued.length + result.remaining });
        // A call that issued nothing while some remain (each lost to another admin's issuing) ends the run
        // rather than asking forever; the list then shows what is still to issue.
        if (result.remaining === 0 || result.issued.length === 0) {
          const ids = new Set(issued.map((form) => form.id));
          return { ...result, issued, unchanged: result.unchanged.filter((form) => !ids.has(form.id)) };
        }
      }
    },
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
