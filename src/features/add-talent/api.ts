import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import '../../lib/talent-field-messages';
import { sendUpload } from '../../lib/upload';
import type { DropResumeAnswer, ReferralCreated, TalentDetail } from '../../shared/recruiter-types';
import type { ProfileCompletionFields } from '../../shared/talent-schemas';
import type { HeldResume } from './held-resume';

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

/** Sends a held resume drop (multipart, with upload progress); the held clientId makes a retry safe. */
export function sendHeldResume(held: HeldResume, onProgress: (fraction: number) => void): Promise<DropResumeAnswer> {
  return sendUpload<DropResumeAnswer>({
    path: '/api/recruiter/talent/drop_resume',
    fields: held.fields,
    file: held.file,
    clientId: held.clientId,
    onProgress,
  });
}

/** Profile completion: confirms the profile, creates the referral and queues the consent e-mail. */
export function useCompleteProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { fields: ProfileCompletionFields; clientId: string }) =>
      sendUpload<ReferralCreated>({
        path: '/api/recruiter/talent/task',
        fields: input.fields,
        clientId: input.clientId,
      }),
    onSuccess: () => {
      // The talents folder and the counts of Manage Task change with a new referral.
      void queryClient.invalidateQueries({ queryKey: ['talents'] });
      void queryClient.invalidateQueries({ queryKey: ['recruiter-tasks'] });
      void queryClient.invalidateQueries({ queryKey: ['referrals'] });
    },
  });
}
