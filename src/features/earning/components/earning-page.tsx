import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { AsOfNote } from '#src/components/offline/as-of-note.tsx';
import { earningSummaryQueryOptions } from '#src/features/earning/api.ts';
import { m } from '#src/paraglide/messages.js';
import { EarningList } from './earning-list';
import { EarningChart, EarningOutcomes, EarningTotals } from './earning-overview';
import { PaymentsList } from './payments-list';
import { YearlyStatementSection } from './yearly-statement-section';

// /earning: every reward I see is an admin's decision, and every payment carries its reference.
export function EarningPage({ recruiter }: { recruiter: boolean }) {
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.title_earning()}</h1>
        <p className="text-sm text-base-content/70">{m.earning_intro()}</p>
      </div>
      {recruiter ? <RecruiterEarning /> : <NotARecruiter />}
    </section>
  );
}

function RecruiterEarning() {
  const { data: summary } = useSuspenseQuery(earningSummaryQueryOptions());
  return (
    <>
      <AsOfNote queryKey={earningSummaryQueryOptions().queryKey} />
      <EarningTotals summary={summary} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <EarningChart summary={summary} />
        </div>
        <EarningOutcomes summary={summary} />
      </div>
      <EarningList summary={summary} />
      <PaymentsList timeZone={summary.timeZone} />
      <YearlyStatementSection />
    </>
  );
}

// An admin-only account earns nothing itself; the payments it makes are on the admin's Payments page.
function NotARecruiter() {
  return (
    <EmptyState title={m.earning_admin_only()}>
      <Link to="/admin/payments" className="btn btn-sm btn-primary">
        {m.earning_admin_payments_link()}
      </Link>
    </EmptyState>
  );
}
