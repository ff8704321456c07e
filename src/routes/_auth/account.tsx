import { createFileRoute } from '@tanstack/react-router';
import {
  accountQueryOptions,
  accountSessionsQueryOptions,
  notificationPreferencesQueryOptions,
} from '#src/features/account/api.ts';
import { AccountPage } from '#src/features/account/components/account-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/account')({
  loader: ({ context }) => {
    // Not awaited: "Your sessions" and the notification choices load on their own, so the page opens
    // offline from the cached account.
    void context.queryClient.prefetchQuery(accountSessionsQueryOptions());
    void context.queryClient.prefetchQuery(notificationPreferencesQueryOptions());
    return context.queryClient.ensureQueryData(accountQueryOptions());
  },
  component: AccountRoute,
});

function AccountRoute() {
  usePageTitle(m.title_account());
  return <AccountPage />;
}
