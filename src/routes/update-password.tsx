import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { GuestLayout } from '#src/components/layout/guest-layout.tsx';
import { UpdatePasswordPage } from '#src/features/auth/components/update-password-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { optionalStringParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// Seed section 2: needs the `token` query parameter; without it, to /login. Reached from a reset
// e-mail, or from a login that answered needToChangePassword, so it sits outside the guest guard.
export const Route = createFileRoute('/update-password')({
  validateSearch: v.object({ token: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw redirect({ to: '/login' });
    return { token: search.token };
  },
  component: UpdatePasswordRoute,
});

function UpdatePasswordRoute() {
  usePageTitle(m.title_update_password());
  const { token } = Route.useRouteContext();
  return (
    <GuestLayout>
      <UpdatePasswordPage token={token} />
    </GuestLayout>
  );
}
