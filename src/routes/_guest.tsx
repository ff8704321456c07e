import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GuestLayout } from '../components/layout/guest-layout';
import { requireGuest } from '../features/auth/guards';

export const Route = createFileRoute('/_guest')({
  beforeLoad: ({ context }) => requireGuest({ context }),
  component: GuestLayoutRoute,
});

function GuestLayoutRoute() {
  return (
    <GuestLayout>
      <Outlet />
    </GuestLayout>
  );
}
