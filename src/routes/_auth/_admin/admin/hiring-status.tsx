import { useQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { ReferralShares } from '#src/features/admin-companies/components/referral-shares.tsx';
import { type PreselectedReferral, ShareDialog } from '#src/features/admin-companies/components/share-dialog.tsx';
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
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';

// Admin › Hiring status: every referral, filters in the URL; `?referral=<id>` opens one over the list,
// with the review links it was put on. A selection of one task's referrals can be shared with its hiring
// company in the task's own share dialog (issue 45).
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
  const [sharing, setSharing] = useState<{ taskId: number; referrals: PreselectedReferral[] } | null>(null);
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
          onShare={(referrals) => {
            const taskId = referrals[0]?.taskId;
            if (taskId !== undefined) setSharing({ taskId, referrals });
          }}
        />
      )}
      {search.referral !== undefined && (
        <ReferralDetailDialog
          referralId={search.referral}
          onClose={() => navigate({ search: (prev) => ({ ...prev, referral: undefined }) })}
          companyShares={(referral) => (
            <ReferralShares referralId={referral.id} talentName={talentDisplayName(referral.talentName)} />
          )}
        />
      )}
      {sharing && (
        <ShareDialog
          key={sharing.taskId}
          taskId={sharing.taskId}
          preselected={sharing.referrals}
          onClose={() => setSharing(null)}
        />
      )}
    </section>
  );
}
