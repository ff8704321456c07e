import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { recruiterQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { orNotFound } from '#src/lib/or-not-found.ts';
import { parseId } from '#src/lib/path-id.ts';

/**
 * The loader of a recruiter's tab (tasks, talent view): the recruiter for the header and the tab's list,
 * side by side. An id that is not a recruiter's is Page Not Found.
 */
export async function loadRecruiterPage(
  queryClient: QueryClient,
  recruiterParam: string,
  loadList: (recruiterId: number) => Promise<unknown>,
): Promise<void> {
  const id = parseId(recruiterParam);
  if (id === null) throw notFound();
  await orNotFound(Promise.all([queryClient.ensureQueryData(recruiterQueryOptions(id)), loadList(id)]));
}
