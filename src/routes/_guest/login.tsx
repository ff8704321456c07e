import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginPage } from '#src/features/auth/components/login-page.tsx';
import { safeRedirectPath } from '#src/features/auth/guards.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_guest/login')({
  validateSearch: v.object({ redirect: v.fallback(v.optional(v.string()), undefined) }),
  component: LoginRoute,
});

function LoginRoute() {
  usePageTitle(m.title_login());
  const { redirect } = Route.useSearch();
  return <LoginPage redirectTo={safeRedirectPath(redirect)} />;
}
