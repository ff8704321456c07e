import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';
import { titleHead } from '../../lib/page-title';
import { m } from '../../paraglide/messages';

export const Route = createFileRoute('/_guest/reset-password')({
  head: titleHead(m.title_reset_password),
  component: ResetPasswordPage,
});
