import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginPage } from '../../features/auth/components/login-page';
import { safeRedirectPath } from '../../features/auth/guards';
import { usePageTitle } from '../../lib/page-title';
import { m } from '../../paraglide/messages';

export const Route = createFileRoute('/_guest/login')({
  validateSearch: v.object({ redirect: v.fallback(v.optional(v.string()), undefined) }),
  component: LoginRoute,
});

function LoginRoute() {
  usePageTitle(m.title_login());
  const { redirect } = Route.useSearch();
  return <LoginPage redirectTo={safeRedirectPath(redirect)} />;
}
