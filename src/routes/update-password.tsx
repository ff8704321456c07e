import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { GuestLayout } from '../components/layout/guest-layout';
import { UpdatePasswordPage } from '../features/auth/components/update-password-page';
import { usePageTitle } from '../lib/page-title';
import { optionalStringParam } from '../lib/search-params';
import { m } from '../paraglide/messages';

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
