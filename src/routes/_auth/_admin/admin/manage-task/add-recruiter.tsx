import { createFileRoute } from '@tanstack/react-router';
import { AddRecruiterForm } from '#src/features/admin-recruiters/components/add-recruiter-form.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// "Add New Recruiter": the account, a temporary password and the invitation e-mail in their language.
export const Route = createFileRoute('/_auth/_admin/admin/manage-task/add-recruiter')({
  component: AddRecruiterRoute,
});

function AddRecruiterRoute() {
  usePageTitle(m.title_add_recruiter());
  return <AddRecruiterForm />;
}
