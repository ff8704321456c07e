import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { registerFieldMessages } from '../../lib/app-error';
import { sendUpload } from '../../lib/upload';
import { m } from '../../paraglide/messages';
import type { DropResumeAnswer, ReferralCreated, TalentDetail } from '../../shared/recruiter-types';
import type { ProfileCompletionFields } from '../../shared/talent-schemas';
import type { HeldResume } from './held-resume';

// The issue keys of dropResumeSchema and profileCompletionSchema, and of the server's refusals of them.
registerFieldMessages({
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  field_number: m.error_field_field_number,
  country_code_invalid: m.error_field_country_code_invalid,
  phone_required: m.error_field_phone_required,
  phone_invalid: m.error_field_phone_invalid,
  languages_required: m.error_field_languages_required,
  education_required: m.error_field_education_required,
  salary_invalid: m.error_field_salary_invalid,
  currency_invalid: m.error_field_currency_invalid,
  work_experience_required: m.error_field_work_experience_required,
  years_invalid: m.error_field_years_invalid,
  skills_invalid: m.error_field_skills_invalid,
  skills_too_many: m.error_field_skills_too_many,
  rating_required: m.error_field_rating_required,
  duplicate_email: m.error_field_duplicate_email,
  duplicate_phone: m.error_field_duplicate_phone,
  talent_email_taken: m.error_field_talent_email_taken,
  talent_phone_taken: m.error_field_talent_phone_taken,
  file_invalid: m.error_field_file_invalid,
  file_required: m.error_field_file_required,
  file_too_large: m.error_resume_too_large,
  file_type_unsupported: m.add_talent_resume_type_unsupported,
});

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
