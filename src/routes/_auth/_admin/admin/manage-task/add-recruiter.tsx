import { createFileRoute } from '@tanstack/react-router';
import { AddRecruiterForm } from '../../../../../features/admin-recruiters/components/add-recruiter-form';
import { usePageTitle } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

// "Add New Recruiter": the account, a temporary password and the invitation e-mail in their language.
export const Route = createFileRoute('/_auth/_admin/admin/manage-task/add-recruiter')({
  component: AddRecruiterRoute,
});

function AddRecruiterRoute() {
  usePageTitle(m.title_add_recruiter());
  return <AddRecruiterForm />;
}
