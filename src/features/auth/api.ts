import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { registerErrorMessages } from '#src/lib/app-error.ts';
import { TOKEN_STORAGE } from '#src/lib/auth-cookie.ts';
import { clearAuthTokens, getAuthTokens, setAuthTokens } from '#src/lib/auth-session.ts';
import { requestPersistentStorage } from '#src/lib/persistent-storage.ts';
import { m } from '#src/paraglide/messages.js';
import { getLocale } from '#src/paraglide/runtime.js';
import type { AuthUser, LoginInput, UpdatePasswordInput } from '#src/shared/auth-schemas.ts';

// The signed-in user. Without tokens it is null, with no call: guards and menus can always ask.
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: async (): Promise<AuthUser | null> => (getAuthTokens() ? unwrap(api.api.recruiter.auth.me.$get()) : null),
    staleTime: 5 * 60_000,
  });

// Only a login meets it: kept out of the table every screen loads (app-error.ts).
registerErrorMessages({ TEMPORARY_PASSWORD_EXPIRED: m.error_temporary_password_expired });

export type LoginResult = { kind: 'logged-in' } | { kind: 'change-password'; token: string };

/** Logs in. `needToChangePassword` answers a token for /update-password and stores no session. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput & { rememberMe: boolean }): Promise<LoginResult> => {
      // The refresh token comes back as an HttpOnly cookie, never to script (issue 22).
      const answer = await unwrap(api.api.auth.login.$post({ json: input }, { headers: TOKEN_STORAGE }));
      if (answer.needToChangePassword && answer.token) return { kind: 'change-password', token: answer.token };
      if (!answer.accessToken) throw new Error('Login answered without a token');
      setAuthTokens({ accessToken: answer.accessToken, rememberMe: input.rememberMe });
      return { kind: 'logged-in' };
    },
    onSuccess: async (result) => {
      if (result.kind !== 'logged-in') return;
      // The saved query cache and the outbox must survive storage pressure (issue 4). Best effort.
      void requestPersistentStorage();
      // Drop any user cached before this login (a previous account, or null) and fetch the new one.
      await queryClient.resetQueries({ queryKey: meQueryOptions().queryKey });
    },
  });
}

/** Asks for a reset link, in the interface's language. The answer is the same whether or not the e-mail exists. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      unwrap(api.api.recruiter.auth.reset.password.$post({ json: { email: input.email, locale: getLocale() } })),
  });
}

/** Sets a new password with a reset (or first-login) token. The server ends every session of the account. */
export function useUpdatePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePasswordInput) => unwrap(api.api.recruiter.auth.update.password.$post({ json: input })),
    onSuccess: () => {
      if (getAuthTokens()) {
        clearAuthTokens();
        queryClient.clear();
      }
    },
  });
}
