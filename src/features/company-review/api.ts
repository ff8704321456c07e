import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { api, unwrap } from '#src/lib/api-client.ts';
import { AppError, isAppError } from '#src/lib/app-error.ts';
import { type CompanyAnswer, reviewQuerySchema } from '#src/shared/company-schemas.ts';
import type { ReviewAnswered, ReviewView } from '#src/shared/company-types.ts';

// The hiring company's review link (`/review?token=…`, issue 45): public, keyed by the e-mail's token.
// Never saved to the device (`meta.persist: false`): the view is one company's, behind its token.

const invalidLink = () => new AppError('INVALID_TOKEN', 404, 'This review link is not valid.');

// Only a lost connection or a server fault is worth one more try; a refusal (404, 410, 429) is final.
const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && isAppError(error) && (error.status === 0 || error.status >= 500);

export const reviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['company-review', token],
    queryFn: (): Promise<ReviewView> => {
      if (!v.is(reviewQuerySchema, { token })) return Promise.reject(invalidLink());
      return unwrap(api.api.public.review.$get({ query: { token } }));
    },
    retry: retryOnce,
    retryOnMount: false,
    meta: { persist: false },
  });

export type ReviewAnswerInput = { referralId: number; answer: CompanyAnswer; reason?: string; comment?: string };

/**
 * Sends the company's answer about one candidate; the answer goes into the cached view at once. A refusal
 * because the link or the candidate changed meanwhile (404, 409, 410) fetches the view again.
 */
export function useReviewAnswerMutation(token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = reviewQueryOptions(token);
  return useMutation({
    mutationFn: (input: ReviewAnswerInput): Promise<ReviewAnswered> =>
      unwrap(api.api.public.review.answer.$post({ json: { token, ...input } })),
    onSuccess: (answered) =>
      queryClient.setQueryData(queryKey, (view) =>
        view
          ? {
              ...view,
              candidates: view.candidates.map((candidate) =>
                candidate.available && candidate.referralId === answered.referralId
                  ? { ...candidate, answer: answered.answer, hiringStatus: answered.hiringStatus }
                  : candidate,
              ),
            }
          : view,
      ),
    onError: (error) => {
      if (isAppError(error) && [404, 409, 410].includes(error.status)) {
        return queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
