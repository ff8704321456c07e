import { createFileRoute } from '@tanstack/react-router';
import { UpdatePasswordScreen } from '#src/features/auth/components/update-password-page.tsx';
import { requireToken } from '#src/features/auth/guards.ts';
import { updatePasswordSearch } from '#src/features/auth/search.ts';

// Seed section 2: needs the `token` query parameter; without it, to /login. Reached from a reset
// e-mail, or from a login that answered needToChangePassword, so it sits outside the guest guard.
export const Route = createFileRoute('/update-password')({
  validateSearch: updatePasswordSearch,
  beforeLoad: requireToken,
  component: UpdatePasswordScreen,
});
