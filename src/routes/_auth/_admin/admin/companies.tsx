import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { PageHeading } from '#src/components/layout/page-heading.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { companiesQueryOptions } from '#src/features/admin-companies/api.ts';
import { CompanyCreateDialog } from '#src/features/admin-companies/components/company-create-dialog.tsx';
import { CompanyDialog } from '#src/features/admin-companies/components/company-dialog.tsx';
import { CompanyList } from '#src/features/admin-companies/components/company-list.tsx';
import { COMPANY_LIST_DEFAULTS, companySearchSchema, listFilters } from '#src/features/admin-companies/search.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// Admin › Companies (issue 45): the hiring companies with their tasks, contacts, review links and answers;
// `?company=<id>` opens one over the list to rename it and manage its contacts.
export const Route = createFileRoute('/_auth/_admin/admin/companies')({
  validateSearch: companySearchSchema,
  search: { middlewares: [stripSearchParams(COMPANY_LIST_DEFAULTS)] },
  component: AdminCompaniesPage,
});

function AdminCompaniesPage() {
  usePageTitle(m.title_companies());
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = listFilters(search);
  const query = useQuery({ ...companiesQueryOptions(filters), placeholderData: (prev) => prev });
  const [creating, setCreating] = useState(false);
  const open = (company: number | undefined) => navigate({ search: (prev) => ({ ...prev, company }) });
  return (
    <section className="space-y-4">
      <PageHeading
        title={m.title_companies()}
        intro={m.admin_companies_intro()}
        create={{ label: m.admin_companies_new(), onClick: () => setCreating(true) }}
      />
      {query.isPending && <RowSkeletons />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data && (
        <CompanyList
          data={query.data}
          filters={filters}
          onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
          onOpen={open}
          onCreate={() => setCreating(true)}
        />
      )}
      {search.company !== undefined && (
        <CompanyDialog key={search.company} companyId={search.company} onClose={() => open(undefined)} />
      )}
      {creating && (
        <CompanyCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(company) => {
            setCreating(false);
            open(company.id);
          }}
        />
      )}
    </section>
  );
}
