import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../../features/outbox/components/outbox-page';
import { usePageTitle } from '../../../lib/page-title';
import { m } from '../../../paraglide/messages';

// Issue 4: what is waiting on this device to reach the server, and what to do about what it refused.
export const Route = createFileRoute('/_auth/_recruiter/outbox')({
  component: OutboxRoute,
});

function OutboxRoute() {
  usePageTitle(m.title_outbox());
  return <OutboxPage />;
}
