import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { adminReferralsQueryOptions } from '#src/features/admin-referrals/api.ts';
import { ReferralDetailDialog } from '#src/features/admin-referrals/components/referral-detail.tsx';
import { ReferralList } from '#src/features/admin-referrals/components/referral-list.tsx';
import {
  HIRING_STATUS_DEFAULTS,
  hiringStatusSearchSchema,
  listFilters,
  toApiFilters,
} from '#src/features/admin-referrals/search.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// Admin › Hiring status: every referral, filters in the URL; `?referral=<id>` opens one over the list.
export const Route = createFileRoute('/_auth/_admin/admin/hiring-status')({
  validateSearch: hiringStatusSearchSchema,
  search: { middlewares: [stripSearchParams(HIRING_STATUS_DEFAULTS)] },
  component: AdminHiringStatusPage,
});

function AdminHiringStatusPage() {
  usePageTitle(m.title_hiring_status());
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = listFilters(search);
  const query = useQuery({ ...adminReferralsQueryOptions(toApiFilters(filters)), placeholderData: (prev) => prev });
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.title_hiring_status()}</h1>
        <p className="text-sm text-base-content/70">{m.admin_hiring_intro()}</p>
      </div>
      {query.isPending && <RowSkeletons />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data && (
        <ReferralList
          data={query.data}
          filters={filters}
          onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
          onOpen={(referral) => navigate({ search: (prev) => ({ ...prev, referral }) })}
        />
      )}
      {search.referral !== undefined && (
        <ReferralDetailDialog
          referralId={search.referral}
          onClose={() => navigate({ search: (prev) => ({ ...prev, referral: undefined }) })}
        />
      )}
    </section>
  );
}
