import { createFileRoute } from '@tanstack/react-router';
import { accountQueryOptions, accountSessionsQueryOptions } from '../../features/account/api';
import { AccountPage } from '../../features/account/components/account-page';
import { usePageTitle } from '../../lib/page-title';
import { m } from '../../paraglide/messages';

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
