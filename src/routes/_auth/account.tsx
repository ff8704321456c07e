import { createFileRoute } from '@tanstack/react-router';
import {
  accountQueryOptions,
  accountSessionsQueryOptions,
  notificationPreferencesQueryOptions,
  payeeQueryOptions,
} from '#src/features/account/api.ts';
import { AccountPage } from '#src/features/account/components/account-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/account')({
  loader: async ({ context }) => {
    // Not awaited: "Your sessions" and the notification choices load on their own, so the page opens
    // offline from the cached account.
    void context.queryClient.prefetchQuery(accountSessionsQueryOptions());
    void context.queryClient.prefetchQuery(notificationPreferencesQueryOptions());
    const account = await context.queryClient.ensureQueryData(accountQueryOptions());
    // A recruiter's details for Form CP58 (only recruiters have them), not awaited either.
    if (account.roles.includes('ROLE_RECRUITER')) void context.queryClient.prefetchQuery(payeeQueryOptions());
    return account;
  },
  component: AccountRoute,
});

function AccountRoute() {
  usePageTitle(m.title_account());
  return <AccountPage />;
}
