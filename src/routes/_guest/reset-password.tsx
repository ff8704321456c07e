import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';
import { usePageTitle } from '../../lib/page-title';
import { m } from '../../paraglide/messages';

export const Route = createFileRoute('/_guest/reset-password')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  usePageTitle(m.title_reset_password());
  return <ResetPasswordPage />;
}
