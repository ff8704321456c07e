import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GuestLayout } from '#src/components/layout/guest-layout.tsx';
import { requireGuest } from '#src/features/auth/guards.ts';

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
