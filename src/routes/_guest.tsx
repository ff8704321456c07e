import { createFileRoute } from '@tanstack/react-router';
import { GuestLayoutRoute } from '#src/components/layout/guest-layout.tsx';
import { requireGuest } from '#src/features/auth/guards.ts';

export const Route = createFileRoute('/_guest')({
  beforeLoad: ({ context }) => requireGuest({ context }),
  component: GuestLayoutRoute,
});
