import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '#src/features/auth/guards.ts';

export const Route = createFileRoute('/_auth/_admin')({
  beforeLoad: async ({ context, location }) => ({ user: await requireRole('ROLE_ADMIN', { context, location }) }),
});
