import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppLayout } from '../components/layout/app-layout';
import { meQueryOptions } from '../features/auth/api';
import { requireAuth } from '../features/auth/guards';

export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => requireAuth({ context, location }),
  component: AuthLayoutRoute,
});

function AuthLayoutRoute() {
  // Not suspending: the shell shows at once, the name and role-aware nav fill in when the user loads.
  const { data: user } = useQuery(meQueryOptions());
  return (
    <AppLayout user={user ?? null}>
      <Outlet />
    </AppLayout>
  );
}
