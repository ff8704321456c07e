import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isNotFoundError, talentQueryOptions } from '#src/features/talents/api.ts';
import { parseId } from '#src/lib/path-id.ts';

/**
 * The loader of a talent's pages (profile, edit, hiring status): the talent into the query cache, or Page
 * Not Found for an id that is not a talent of mine.
 */
export async function loadTalent(queryClient: QueryClient, idParam: string) {
  const id = parseId(idParam);
  if (id === null) throw notFound();
  const talent = await queryClient.ensureQueryData(talentQueryOptions(id)).catch((error: unknown) => {
    throw isNotFoundError(error) ? notFound() : error;
  });
  return { id, talent };
}
