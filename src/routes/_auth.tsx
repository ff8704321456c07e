import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLayout } from '#src/components/layout/app-layout.tsx';
import { meQueryOptions } from '#src/features/auth/api.ts';
import { requireAuth } from '#src/features/auth/guards.ts';
import { accountLocaleHrefAfterSignIn } from '#src/lib/account-locale-after-sign-in.ts';
import { currentRoles } from '#src/lib/auth-session.ts';
import { setDisplayTimeZone } from '#src/lib/format.ts';
import { useOnline } from '#src/lib/use-online.ts';

export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => requireAuth({ context, location }),
  component: AuthLayoutRoute,
});

function AuthLayoutRoute() {
  // Not suspending: the shell shows at once, the name fills in when the user loads.
  const { data: user, isError, refetch } = useQuery(meQueryOptions());
  // The server may stop answering before the user has loaded: ask again once it answers, so the name
  // and the account menu do not stay empty for the rest of the visit.
  const online = useOnline();
  useEffect(() => {
    if (online && isError) void refetch();
  }, [online, isError, refetch]);
  // Just signed in from a page in another language: the app loads in the account's (issue 42.7).
  const accountLocale = user?.locale;
  const router = useRouter();
  useEffect(() => {
    const href = accountLocale ? accountLocaleHrefAfterSignIn(accountLocale, router.state.location.href) : null;
    if (href) window.location.assign(href);
  }, [accountLocale, router]);
  // Set while rendering (idempotent), so every date below is already written in the user's zone.
  setDisplayTimeZone(user?.timezone);
  // The nav follows the session's roles until the user has loaded, so it is there offline too.
  return (
    <AppLayout user={user ?? null} roles={user?.roles ?? currentRoles()}>
      <Outlet />
    </AppLayout>
  );
}
