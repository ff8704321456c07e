import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLayout } from '#src/components/layout/app-layout.tsx';
import { meQueryOptions } from '#src/features/auth/api.ts';
import { requireAuth } from '#src/features/auth/guards.ts';
import { keepPageLocaleAfterSignIn } from '#src/lib/account-locale-after-sign-in.ts';
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
  // Just signed in from a page in another language than the account's: the page's becomes the account's.
  const accountLocale = user?.locale;
  useEffect(() => {
    if (accountLocale) void keepPageLocaleAfterSignIn(accountLocale);
  }, [accountLocale]);
  // Set while rendering (idempotent), so every date below is already written in the user's zone.
  setDisplayTimeZone(user?.timezone);
  // The nav follows the session's roles until the user has loaded, so it is there offline too.
  return (
    <AppLayout user={user ?? null} roles={user?.roles ?? currentRoles()}>
      <Outlet />
    </AppLayout>
  );
}
