import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/page-placeholder';
import { titleHead } from '../../lib/page-title';
import { m } from '../../paraglide/messages';

export const Route = createFileRoute('/_auth/account')({
  head: titleHead(m.title_account),
  component: AccountPage,
});

function AccountPage() {
  return <PagePlaceholder title={m.title_account()} />;
}
