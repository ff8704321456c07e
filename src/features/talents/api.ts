import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { AppError, toAppError } from '#src/lib/app-error.ts';
import { fetchFileBlob, saveBlob } from '#src/lib/files.ts';
import '#src/lib/talent-field-messages.ts';
import '#src/lib/write-error-messages.ts';
import { enqueue } from '#src/lib/outbox/outbox-runner.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { stampRequest } from '#src/lib/requested-at.ts';
import type { ReferralDetail, TalentDetail } from '#src/shared/recruiter-types.ts';
import type { TalentEditFields, TalentListQuery } from '#src/shared/talent-schemas.ts';

/** The talents folder's filters, as the list call takes them (undefined = no filter). */
export type TalentFilters = Pick<TalentListQuery, 'taskId' | 'consent' | 'hiring' | 'reward'> & {
  search?: string;
  page: number;
  pageSize: number;
};

const queryOf = (filters: TalentFilters) => {
  const query: Record<string, string> = { page: String(filters.page), pageSize: String(filters.pageSize) };
  if (filters.search) query.search = filters.search;
  if (filters.taskId) query.taskId = String(filters.taskId);
  if (filters.consent) query.consent = filters.consent;
  if (filters.hiring) query.hiring = filters.hiring;
  if (filters.reward) query.reward = filters.reward;
  return query;
};

/** My talents (`GET /api/recruiter/talent`). */
export const talentsQueryOptions = (filters: TalentFilters) =>
  queryOptions({
    queryKey: ['talents', 'list', filters],
    // Stamped: the folder keeps a sent drop on show until a list read after the send (requested-at.ts).
    queryFn: () => stampRequest(() => unwrap(api.api.recruiter.talent.$get({ query: queryOf(filters) }))),
    structuralSharing: false,
  });

/** One of my talents with every referral in short. */
export const talentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['talents', 'detail', id],
    queryFn: () => unwrap(api.api.recruiter.talent[':id'].$get({ param: { id: String(id) } })),
  });

/** One referral with call proofs and history (`GET /api/recruiter/talent-task/{id}`). */
export const referralQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['referrals', 'detail', id],
    // Stamped: its call proofs keep a sent one on show until a read after the send (requested-at.ts).
    queryFn: (): Promise<ReferralDetail> =>
      stampRequest(() => unwrap(api.api.recruiter['talent-task'][':id'].$get({ param: { id: String(id) } }))),
    structuralSharing: false,
  });

/** My tasks, for the folder's task filter: the first 50 are plenty for a select. */
export const taskFilterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['recruiter-tasks', 'filter-options'],
    queryFn: async () => {
      const page = await unwrap(api.api.recruiter.recruiter.task.$get({ query: { pageSize: '50' } }));
      return page.items.map((task) => ({ id: task.id, code: task.code, title: task.title }));
    },
    staleTime: 5 * 60_000,
  });

/** A 404 from the API (unknown id, or another recruiter's): the route shows Page Not Found. */
export const isNotFoundError = (error: unknown) => error instanceof AppError && error.status === 404;

/** A refused resend: the API says when the next one is allowed. */
export class ResendTooSoonError extends AppError {
  constructor(
    readonly retryAt: Date,
    message: string,
  ) {
    super('RATE_LIMITED', 429, message);
  }
}

async function sendLink(kind: 'consent' | 'ita', referralId: number) {
  const talentTask = api.api.recruiter['talent-task'];
  const response =
    kind === 'consent'
      ? await talentTask['resend-consent'].$post({ json: { referralId } })
      : await talentTask['resend-ita'].email.$post({ json: { referralId } });
  if ((response.status as number) === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    const error = await toAppError(response as unknown as Response);
    throw new ResendTooSoonError(
      new Date(Date.now() + (Number.isFinite(seconds) ? seconds : 60) * 1000),
      error.message,
    );
  }
  return unwrap(Promise.resolve(response));
}

/**
 * "Resend consent" / "Send ITA": a new link by e-mail; the referral then shows the next allowed time, and
 * every list showing its chips (the talent's panel header, the folder, a task's referrals) its new ITA state.
 */
export function useSendLinkMutation(referralId: number, talentId: number, kind: 'consent' | 'ita') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendLink(kind, referralId),
    onSettled: () => invalidateReferral(queryClient, referralId, talentId),
  });
}

export type CallProofUpload = { referralId: number; calledAt: string; note?: string; file: File };

/**
 * A call proof goes into the outbox first (fields and the file's bytes, safe on the device), then the
 * outbox sends it with progress, now or when the network is back. Answers the stored entry; rejects
 * when the device could not store it (IndexedDB refused, quota full).
 */
export async function queueCallProof(input: CallProofUpload, talentId: number): Promise<OutboxEntry> {
  const data = await input.file.arrayBuffer();
  return enqueue({
    kind: 'call-proof',
    fields: { referralId: input.referralId, calledAt: input.calledAt, note: input.note },
    file: { name: input.file.name, type: input.file.type, data },
    meta: { referralId: input.referralId, talentId },
  });
}

export function useDeleteCallProofMutation(referralId: number, talentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callProofId: number) =>
      unwrap(api.api.recruiter['talent-task']['call-proof'][':id'].$delete({ param: { id: String(callProofId) } })),
    onSettled: () => invalidateReferral(queryClient, referralId, talentId),
  });
}

/**
 * A referral's states or call proofs changed: its detail, its talent (the panel header's chips and call
 * proof count), and the lists that show it in short (the talents folder, a task's referrals, the dashboard's
 * to-dos). Also what the call-proof form calls once the outbox has sent a proof.
 */
export function invalidateReferral(
  queryClient: ReturnType<typeof useQueryClient>,
  referralId: number,
  talentId: number,
) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: referralQueryOptions(referralId).queryKey }),
    queryClient.invalidateQueries({ queryKey: talentQueryOptions(talentId).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['talents', 'list'] }),
    queryClient.invalidateQueries({ queryKey: ['referrals', 'list'] }),
    // The dashboard's figures and the recruiter's scorecard (issue 27) both count referrals.
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}

/** `PUT /api/recruiter/talent/{id}`: the profile edit. */
export function useUpdateTalentMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: TalentEditFields): Promise<TalentDetail> =>
      unwrap(api.api.recruiter.talent[':id'].$put({ param: { id: String(id) }, json: fields })),
    onSuccess: (talent) => {
      queryClient.setQueryData(talentQueryOptions(id).queryKey, talent);
      return queryClient.invalidateQueries({ queryKey: ['talents', 'list'] });
    },
  });
}

/**
 * `POST /api/recruiter/talent/{id}/corrections/{requestId}/done`: the talent's correction request, closed
 * once the profile is corrected, with what was corrected (the talent reads it on their data page).
 */
export function useCloseCorrectionMutation(talentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { requestId: number; response: string }) =>
      unwrap(
        api.api.recruiter.talent[':id'].corrections[':requestId'].done.$post({
          param: { id: String(talentId), requestId: String(input.requestId) },
          json: { response: input.response },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: talentQueryOptions(talentId).queryKey }),
  });
}

/** A stored file (`GET /api/files/{id}`) as a Blob, with the bearer token. */

/** Saves a stored file under its name: an object URL on a link with `download`, clicked once. */
export async function downloadFile(file: { id: number; name: string }): Promise<void> {
  saveBlob(await fetchFileBlob(file.id), file.name);
}

/** `PUT /api/recruiter/talent-task/{id}/note`: the recruiter's note on a referral, edited in place. */
export function useSaveReferralNoteMutation(referralId: number, _talentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string): Promise<{ recruiterNote: string | null }> =>
      unwrap(api.api.recruiter['talent-task'][':id'].note.$put({ param: { id: String(referralId) }, json: { note } })),
    onSuccess: ({ recruiterNote }) => {
      queryClient.setQueryData(referralQueryOptions(referralId).queryKey, (current) =>
        current ? { ...current, recruiterNote } : current,
      );
      // The note shows on the referral only: its history gains a "note edited" entry.
      return queryClient.invalidateQueries({ queryKey: referralQueryOptions(referralId).queryKey });
    },
  });
}
