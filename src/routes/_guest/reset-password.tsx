import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '#src/features/auth/components/reset-password-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_guest/reset-password')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  usePageTitle(m.title_reset_password());
  return <ResetPasswordPage />;
}
