import { createFileRoute } from '@tanstack/react-router';
import { accountQueryOptions } from '../../features/account/api';
import { AccountPage } from '../../features/account/components/account-page';
import { usePageTitle } from '../../lib/page-title';
import { m } from '../../paraglide/messages';

export const Route = createFileRoute('/_auth/account')({
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQueryOptions()),
  component: AccountRoute,
});

function AccountRoute() {
  usePageTitle(m.title_account());
  return <AccountPage />;
}
