import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { api, unwrap } from '#src/lib/api-client.ts';
import { AppError, isAppError } from '#src/lib/app-error.ts';
import { getLocale } from '#src/paraglide/runtime.js';
import type { TalentDecision, TalentLinkView } from '#src/shared/recruiter-types.ts';
import type { TalentDataView } from '#src/shared/talent-link-data.ts';
import { talentLinkQuerySchema } from '#src/shared/talent-link-schemas.ts';

// The talent's consent and ITA pages: public, keyed by the token from the e-mail or WhatsApp link.
export type TalentLinkKind = TalentLinkView['kind'];

const endpoint = (kind: TalentLinkKind) => (kind === 'CONSENT' ? api.api.public.consent : api.api.public.ita);

// A token the server would refuse as malformed (cut short in a chat app, say) needs no call to be invalid.
const invalidLink = () => new AppError('INVALID_TOKEN', 404, 'This link is not valid.');

// Only a lost connection or a server fault is worth one more try; a refusal (404, 410, 429) is final.
const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && isAppError(error) && (error.status === 0 || error.status >= 500);

export const talentLinkQueryOptions = (kind: TalentLinkKind, token: string) =>
  queryOptions({
    queryKey: ['talent-links', kind, token],
    queryFn: (): Promise<TalentLinkView> => {
      if (!v.is(talentLinkQuerySchema, { token })) return Promise.reject(invalidLink());
      return unwrap(endpoint(kind).$get({ query: { token } }));
    },
    retry: retryOnce,
    // The page shows a refusal itself; opening it again must not ask twice.
    retryOnMount: false,
  });

/**
 * Sends the talent's answer, with the page's language as part of the proof. The answer replaces the
 * cached view. A link that was answered, replaced or expired meanwhile (409, 410, 404) is fetched again,
 * so the page shows what it is now; other failures stay with the mutation for the page to show.
 */
export function useAnswerTalentLinkMutation(kind: TalentLinkKind, token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = talentLinkQueryOptions(kind, token);
  return useMutation({
    mutationFn: (decision: TalentDecision) =>
      unwrap(endpoint(kind).$post({ json: { token, decision, locale: getLocale() } })),
    onSuccess: (view) => queryClient.setQueryData(queryKey, view),
    onError: (error) => {
      if (isAppError(error) && [404, 409, 410].includes(error.status)) {
        return queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

/**
 * Withdraws the consent the talent gave, from this consent or ITA link. The answer replaces the cached view
 * (it then carries `withdrawnAt`); a refusal because the link or referral changed meanwhile fetches the
 * view again, as an answer's does.
 */
export function useWithdrawConsentMutation(kind: TalentLinkKind, token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = talentLinkQueryOptions(kind, token);
  return useMutation({
    mutationFn: () => unwrap(endpoint(kind).withdraw.$post({ json: { token, locale: getLocale() } })),
    onSuccess: (view) => queryClient.setQueryData(queryKey, view),
    onError: (error) => {
      if (isAppError(error) && [404, 409, 410].includes(error.status)) {
        return queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

// --- The talent's "manage my data" page (issue 24) ---

export const talentDataQueryOptions = (token: string) =>
  queryOptions({
    // Under 'talent-links': never saved to the device (lib/query-persistence.ts NOT_PERSISTED).
    queryKey: ['talent-links', 'DATA', token],
    queryFn: (): Promise<TalentDataView> => {
      if (!v.is(talentLinkQuerySchema, { token })) return Promise.reject(invalidLink());
      return unwrap(api.api.public.data.$get({ query: { token } }));
    },
    retry: retryOnce,
    retryOnMount: false,
  });

/** Where the browser downloads the data (a plain link: the server answers an attachment). */
export const talentDataExportUrl = (token: string, format: 'json' | 'html') =>
  `/api/public/data/export?${new URLSearchParams({ token, format, locale: getLocale() })}`;
export const talentResumeUrl = (token: string) => `/api/public/data/resume?${new URLSearchParams({ token })}`;
export const talentCallProofUrl = (token: string, id: number) =>
  `/api/public/data/call-proof?${new URLSearchParams({ token, id: String(id) })}`;

/** A correction request or a withdrawal: the answer is the page's new data. */
export function useTalentDataMutations(token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = talentDataQueryOptions(token);
  const onSuccess = (view: TalentDataView) => queryClient.setQueryData(queryKey, view);
  const correction = useMutation({
    mutationFn: (message: string) => unwrap(api.api.public.data.correction.$post({ json: { token, message } })),
    onSuccess,
  });
  const withdrawal = useMutation({
    mutationFn: (referralId: number) =>
      unwrap(api.api.public.data.withdraw.$post({ json: { token, referralId, locale: getLocale() } })),
    onSuccess,
    onError: (error) => {
      if (isAppError(error) && [404, 409, 410].includes(error.status))
        return queryClient.invalidateQueries({ queryKey });
    },
  });
  return { correction, withdrawal };
}

/** "E-mail me a link": the server answers the same whether it knows the address or not. */
export const useRequestDataLinkMutation = () =>
  useMutation({
    mutationFn: (email: string) =>
      unwrap(api.api.public.data['request-link'].$post({ json: { email, locale: getLocale() } })),
  });

/** "See or manage your data" on a consent or ITA page: a fresh data link for the talent. */
export const useOpenDataLinkMutation = (kind: TalentLinkKind, token: string) =>
  useMutation({
    mutationFn: () =>
      unwrap(
        (kind === 'CONSENT' ? api.api.public.consent : api.api.public.ita)['data-link'].$post({ json: { token } }),
      ),
  });
