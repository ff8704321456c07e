import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { api, apiFetch, unwrap } from '#src/lib/api-client.ts';
import { toAppError } from '#src/lib/app-error.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { invalidateReferralViews } from '#src/lib/referral-views.ts';
import { m } from '#src/paraglide/messages.js';
import { type DataRequestStatus, peopleSearchSchema } from '#src/shared/data-protection-schemas.ts';
import type { PersonExport } from '#src/shared/data-protection-types.ts';

// Admin › Data protection (`/api/admin/data-protection`, issue 24). Keys start with 'data-protection':
// a search, one person, the requests. Erasing drops every cached talent list and referral, whose rows
// may be gone or anonymised now; closing a request refetches the requests.

registerFieldMessages({
  data_protection_search_contact: m.data_protection_error_search_contact,
  data_protection_outcome_required: m.data_protection_error_outcome_required,
  data_protection_reason_short: m.data_protection_error_reason_short,
  data_protection_confirm_word: m.data_protection_error_confirm_word,
});

export const dataProtectionKeys = {
  all: ['data-protection'] as const,
  people: (q: string) => ['data-protection', 'people', q] as const,
  person: (id: number) => ['data-protection', 'person', id] as const,
  requests: (filters: { status: DataRequestStatus; page: number; pageSize: number }) =>
    ['data-protection', 'requests', filters] as const,
};

export const peopleQueryOptions = (q: string) =>
  queryOptions({
    queryKey: dataProtectionKeys.people(q),
    queryFn: () => unwrap(api.api.admin['data-protection'].people.$get({ query: { q } })),
    // Only what the server would take: a name or a fragment is said to be so under the field instead.
    enabled: searchProblem(q) === null,
  });

/** Why the search text is not searched (a field message key), or null when it is an e-mail or a phone. */
export function searchProblem(q: string): string | null {
  const result = v.safeParse(peopleSearchSchema, { q });
  if (result.success) return null;
  // "ab" is short and no contact either: the contact is what the admin needs to hear.
  const messages = result.issues.map((issue) => issue.message);
  return messages.find((key) => key === 'data_protection_search_contact') ?? messages[0] ?? 'field_required';
}

/** One person as the typed client reads them (JSON: a line's detail is a JSON value). */
type PersonAnswer = Awaited<ReturnType<NonNullable<ReturnType<typeof personQueryOptions>['queryFn']>>>;

// Each opening is a line in the record of access: not cached between visits, not refetched behind the admin.
export const personQueryOptions = (talentId: number) =>
  queryOptions({
    queryKey: dataProtectionKeys.person(talentId),
    queryFn: () =>
      unwrap(api.api.admin['data-protection'].people[':talentId'].$get({ param: { talentId: String(talentId) } })),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const dataRequestsQueryOptions = (filters: { status: DataRequestStatus; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: dataProtectionKeys.requests(filters),
    queryFn: () =>
      unwrap(
        api.api.admin['data-protection'].requests.$get({
          query: { status: filters.status, page: String(filters.page), pageSize: String(filters.pageSize) },
        }),
      ),
  });

export function useErasePersonMutation(talentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reason: string; confirm: string }) =>
      unwrap(
        api.api.admin['data-protection'].people[':talentId'].erase.$post({
          param: { talentId: String(talentId) },
          json: input,
        }),
      ),
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: dataProtectionKeys.person(talentId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['data-protection', 'people'] }),
        queryClient.invalidateQueries({ queryKey: ['data-protection', 'requests'] }),
        invalidateReferralViews(queryClient),
      ]);
    },
  });
}

export function useCloseRequestMutation(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { status: 'DONE' | 'REFUSED'; response: string }) =>
      unwrap(
        api.api.admin['data-protection'].requests[':id'].close.$post({ param: { id: String(requestId) }, json: input }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['data-protection', 'requests'] }),
  });
}

/** Everything held about the person as a JSON file (bytes and the server's file name), for the screen to save. */
export async function downloadPersonExport(talentId: number) {
  const response = await apiFetch(`/api/admin/data-protection/people/${talentId}/export`);
  if (!response.ok) throw await toAppError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `person-${talentId}.json`;
  const blob = await response.blob();
  // The file is the person as the server holds them now, its export's line in the record of access
  // included: the screen shows it instead of its older copy.
  const { exportedAt: _, ...person } = JSON.parse(await blob.text()) as PersonExport;
  return { blob, name, person: person as PersonAnswer };
}
