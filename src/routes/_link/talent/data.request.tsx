import { createFileRoute } from '@tanstack/react-router';
import { DataLinkRequestPage } from '#src/features/talent-links/components/data-link-request-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// A new "manage my data" link by e-mail address (issue 24): public.
export const Route = createFileRoute('/_link/talent/data/request')({
  component: RequestPage,
});

function RequestPage() {
  usePageTitle(m.talent_data_request_title());
  return <DataLinkRequestPage />;
}
