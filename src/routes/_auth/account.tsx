import { createFileRoute } from '@tanstack/react-router';
import { accountQueryOptions, accountSessionsQueryOptions } from '#src/features/account/api.ts';
import { AccountPage } from '#src/features/account/components/account-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/account')({
  loader: ({ context }) => {
    // Not awaited: "Your sessions" loads on its own, so the page opens offline from the cached account.
    void context.queryClient.prefetchQuery(accountSessionsQueryOptions());
    return context.queryClient.ensureQueryData(accountQueryOptions());
  },
  component: AccountRoute,
});

function AccountRoute() {
  usePageTitle(m.title_account());
  return <AccountPage />;
}
