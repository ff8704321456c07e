import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import '#src/lib/talent-field-messages.ts';
import '#src/lib/write-error-messages.ts';
import type { TalentDetail } from '#src/shared/recruiter-types.ts';

/** The task a talent is added to (`GET /api/recruiter/task/:id`). */
export const addTalentTaskQueryOptions = (taskId: string) =>
  queryOptions({
    // Number ids, so the task board's and the talents folder's caches share these entries.
    queryKey: ['tasks', 'detail', Number(taskId)],
    queryFn: () => unwrap(api.api.recruiter.task[':id'].$get({ param: { id: taskId } })),
  });

/** One of the recruiter's talents (`GET /api/recruiter/talent/:id`): its parse state and what parsing found. */
export const addTalentTalentQueryOptions = (talentId: string) =>
  queryOptions({
    queryKey: ['talents', 'detail', Number(talentId)],
    queryFn: (): Promise<TalentDetail> => unwrap(api.api.recruiter.talent[':id'].$get({ param: { id: talentId } })),
  });

/**
 * What a resume says of the talent's name, e-mail and phone (`POST /api/recruiter/talent/resume-contact`).
 * A read only: the server keeps nothing of the file.
 */
export function readResumeContact(file: { name: string; type: string; data: Blob | ArrayBuffer }, signal: AbortSignal) {
  const upload = new File([file.data], file.name, { type: file.type });
  return unwrap(api.api.recruiter.talent['resume-contact'].$post({ form: { file: upload } }, { init: { signal } }));
}
