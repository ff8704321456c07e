import { AsOfNote } from '#src/components/offline/as-of-note.tsx';
import { adminDashboardQueryOptions, recruiterDashboardQueryOptions } from '#src/features/dashboard/api.ts';
import { m } from '#src/paraglide/messages.js';
import type { Role } from '#src/shared/enums.ts';
import { AdminDashboardView } from './admin-dashboard';
import { RecruiterDashboardView } from './recruiter-dashboard';

// /dashboard: a recruiter's own work and numbers; an admin's platform numbers (both for an account
// with both roles, the recruiter's first).
export function DashboardPage({ roles }: { roles: readonly Role[] }) {
  const recruiter = roles.includes('ROLE_RECRUITER');
  const admin = roles.includes('ROLE_ADMIN');
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{m.title_dashboard()}</h1>
      {recruiter && <AsOfNote queryKey={recruiterDashboardQueryOptions().queryKey} />}
      {admin && !recruiter && <AsOfNote queryKey={adminDashboardQueryOptions().queryKey} />}
      {recruiter && <RecruiterDashboardView />}
      {admin && <AdminDashboardView />}
    </section>
  );
}
