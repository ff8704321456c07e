import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { ScorecardView } from '#src/components/scorecard/scorecard-view.tsx';
import { recruiterScorecardQueryOptions } from '#src/features/dashboard/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';

// "Your score": its own call, so a slow or failed scorecard never holds up the rest of the dashboard.
export function ScoreCard() {
  const query = useQuery(recruiterScorecardQueryOptions());
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4" data-testid="dashboard-score">
      {query.data ? (
        <ScorecardView scorecard={query.data} audience="recruiter" heading="h2" />
      ) : query.isError ? (
        <FormAlert message={errorMessage(query.error)} />
      ) : (
        <div className="skeleton h-24 w-full" aria-busy="true" />
      )}
    </div>
  );
}
