import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '#src/features/outbox/components/outbox-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// Issue 4: what is waiting on this device to reach the server, and what to do about what it refused.
export const Route = createFileRoute('/_auth/_recruiter/outbox')({
  component: OutboxRoute,
});

function OutboxRoute() {
  usePageTitle(m.title_outbox());
  return <OutboxPage />;
}
