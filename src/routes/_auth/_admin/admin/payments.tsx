import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PagePlaceholder } from '../../../../components/page-placeholder';
import { titleHead } from '../../../../lib/page-title';
import { m } from '../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_admin/admin/payments')({
  head: titleHead(m.title_payments),
  component: AdminPaymentsPage,
});

function AdminPaymentsPage() {
  // The seed: Payments always opens at the top, even when scroll restoration would restore a position.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, []);
  return <PagePlaceholder title={m.title_payments()} />;
}
