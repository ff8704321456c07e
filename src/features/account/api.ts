import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { api, unwrap } from '#src/lib/api-client.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import type {
  accountPayoutSchema,
  accountPreferencesSchema,
  accountProfileSchema,
  changePasswordSchema,
} from '#src/shared/account-schemas.ts';
import type { AccountProfile, AccountSession, SessionsEnded } from '#src/shared/account-types.ts';
import type { NotificationPreferences, NotificationTopic } from '#src/shared/notifications.ts';
import type { PayeeDetailsValues } from '#src/shared/payee-schemas.ts';
import type { PayeeDetails } from '#src/shared/payee-types.ts';

// The field issue keys of src/shared/account-schemas.ts and of the API's refusals.
registerFieldMessages({
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  phone_invalid: m.error_field_phone_invalid,
  account_number_invalid: m.account_field_account_number_invalid,
  current_password_wrong: m.account_field_current_password_wrong,
  password_same_as_current: m.account_field_password_same_as_current,
  password_common: m.error_field_password_common,
  password_personal: m.error_field_password_personal,
  name_invalid: m.error_field_name_invalid,
  timezone_invalid: m.account_field_timezone_invalid,
  locale_invalid: m.account_field_locale_invalid,
  // The payee details for Form CP58 (issue 46).
  mykad_invalid: m.payee_field_mykad_invalid,
  passport_invalid: m.payee_field_passport_invalid,
  tax_number_invalid: m.payee_field_tax_number_invalid,
  postcode_invalid: m.payee_field_postcode_invalid,
});

/** My account (`GET /api/account`): profile, masked payout details, preferences, AI quota. */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: (): Promise<AccountProfile> => unwrap(api.api.account.$get()),
  });

// The app shell's signed-in user (features/auth, key ['me']) shows the name, locale and time zone
// too: refreshed after a change here. The key is named, not imported: features don't import features.
const ME_QUERY_KEY = ['me'] as const;

function useAccountUpdate<I>(send: (input: I) => Promise<AccountProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (account) => {
      queryClient.setQueryData(accountQueryOptions().queryKey, account);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export const useUpdateProfileMutation = () =>
  useAccountUpdate((json: v.InferOutput<typeof accountProfileSchema>) =>
    unwrap(api.api.account.profile.$put({ json })),
  );

export const useUpdatePayoutMutation = () =>
  useAccountUpdate((json: v.InferOutput<typeof accountPayoutSchema>) => unwrap(api.api.account.payout.$put({ json })));

export const useUpdatePreferencesMutation = () =>
  useAccountUpdate((json: v.InferOutput<typeof accountPreferencesSchema>) =>
    unwrap(api.api.account.preferences.$put({ json })),
  );

/**
 * My details for Form CP58 (`GET /api/account/payee`, recruiters only; issue 46): null until saved. Saved
 * with the query cache like the rest of the account, so the section reads offline too.
 */
export const payeeQueryOptions = () =>
  queryOptions({
    queryKey: ['account-payee'],
    queryFn: (): Promise<PayeeDetails | null> => unwrap(api.api.account.payee.$get()),
  });

export function useSavePayeeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: PayeeDetailsValues) => unwrap(api.api.account.payee.$put({ json })),
    onSuccess: (saved) => queryClient.setQueryData(payeeQueryOptions().queryKey, saved),
  });
}

/** Changes my password; the server ends my other sessions and keeps this one, so the tokens stay. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (json: v.InferOutput<typeof changePasswordSchema>) => unwrap(api.api.account.password.$post({ json })),
  });
}

/**
 * My signed-in devices (`GET /api/account/sessions`). Always fetched again on the page: a list of
 * sessions that is minutes old may show a device already signed out.
 */
export const accountSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account-sessions'],
    queryFn: (): Promise<AccountSession[]> => unwrap(api.api.account.sessions.$get()),
    staleTime: 0,
  });

/** After ending sessions: drop the ended rows at once, then read the list again from the server. */
function useEndSessions<I>(
  send: (input: I) => Promise<SessionsEnded>,
  ended: (session: AccountSession, input: I) => boolean,
) {
  const queryClient = useQueryClient();
  const { queryKey } = accountSessionsQueryOptions();
  return useMutation({
    mutationFn: send,
    onSuccess: async (_answer, input) => {
      queryClient.setQueryData(queryKey, (list) => list?.filter((session) => !ended(session, input)));
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Signs one of my other devices out. */
export const useEndSessionMutation = () =>
  useEndSessions(
    (id: number) => unwrap(api.api.account.sessions[':id'].$delete({ param: { id: String(id) } })),
    (session, id) => session.id === id,
  );

/** "Sign out of all other devices": every session but this one. */
export const useSignOutOthersMutation = () =>
  useEndSessions(
    (_: undefined) => unwrap(api.api.account.sessions['sign-out-others'].$post()),
    (session) => !session.current,
  );

export type NotificationSettings = { preferences: NotificationPreferences; topics: NotificationTopic[] };

/**
 * My notification choices (`GET /api/notifications/preferences`): per topic of my roles (in display
 * order, `topics`), in the app, push and e-mail; for an admin, instant or daily.
 */
export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['notification-preferences'],
    queryFn: (): Promise<NotificationSettings> => unwrap(api.api.notifications.preferences.$get()),
  });

export function useUpdateNotificationPreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: NotificationPreferences) => unwrap(api.api.notifications.preferences.$put({ json })),
    onSuccess: (answer) => queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, answer),
  });
}
