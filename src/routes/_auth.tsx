import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppLayout } from '../components/layout/app-layout';
import { meQueryOptions } from '../features/auth/api';
import { requireAuth } from '../features/auth/guards';
import { setDisplayTimeZone } from '../lib/format';

export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => requireAuth({ context, location }),
  component: AuthLayoutRoute,
});

function AuthLayoutRoute() {
  // Not suspending: the shell shows at once, the name and role-aware nav fill in when the user loads.
  const { data: user } = useQuery(meQueryOptions());
  // Set while rendering (idempotent), so every date below is already written in the user's zone.
  setDisplayTimeZone(user?.timezone);
  return (
    <AppLayout user={user ?? null}>
      <Outlet />
    </AppLayout>
  );
}
