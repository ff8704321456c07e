import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LinkProblem, problemOf } from '#src/components/link-problem.tsx';
import { reviewQueryOptions } from '#src/features/company-review/api.ts';
import { type AppError, asAppError } from '#src/lib/app-error.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { ReviewView } from '#src/shared/company-types.ts';
import { CandidateCard } from './candidate-card';

// The hiring company's review page (`/review?token=…`, issue 45): the job, then each shared candidate with
// an answer in place. No account: the token is the key. Phone first.
export function ReviewPage({ token }: { token: string }) {
  const query = useQuery(reviewQueryOptions(token));
  const view = query.data;
  const error = query.error ? asAppError(query.error) : null;
  if (error && !view)
    return (
      <ReviewFrame>
        <ReviewProblem error={error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      </ReviewFrame>
    );
  if (!view) return <ReviewLoading />;
  return <ReviewBody token={token} view={view} />;
}

export function ReviewLoading() {
  return (
    <ReviewFrame>
      <h1 className="text-2xl font-semibold">{m.review_title()}</h1>
      <p role="status" className="flex items-center gap-2 text-base-content/70">
        <span className="loading loading-spinner loading-md" aria-hidden="true" />
        {m.common_loading()}
      </p>
    </ReviewFrame>
  );
}

function ReviewFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">{children}</div>;
}

function ReviewBody({ token, view }: { token: string; view: ReviewView }) {
  const { task, company } = view;
  return (
    <ReviewFrame>
      <header className="flex flex-col gap-2">
        <p className="text-sm text-base-content/70">{m.review_for_company({ company: company.name })}</p>
        <h1 className="text-2xl font-semibold">{task.title}</h1>
        <p className="text-sm text-base-content/70">
          <span className="font-mono text-xs">{task.code}</span> · {task.location}, {task.country}
        </p>
      </header>
      <p className="text-base-content/80">{m.review_intro({ name: view.contact.name })}</p>
      <p className="text-sm text-base-content/70" data-testid="review-expires">
        {m.review_expires({ date: formatDateTime(view.expiresAt) })}
      </p>
      {task.description && (
        <details className="collapse-arrow collapse rounded-box border border-base-300">
          <summary className="collapse-title font-medium">{m.review_job_description()}</summary>
          <div className="collapse-content whitespace-pre-wrap break-words text-sm">{task.description}</div>
        </details>
      )}
      <section className="flex flex-col gap-4" aria-labelledby="review-candidates">
        <h2 id="review-candidates" className="text-xl font-semibold">
          {m.review_candidates_heading()}
        </h2>
        {view.candidates.length === 0 && <p className="text-base-content/70">{m.review_no_candidates()}</p>}
        {view.candidates.map((candidate) =>
          candidate.available ? (
            <CandidateCard key={candidate.referralId} token={token} candidate={candidate} />
          ) : (
            <p
              key={candidate.referralId}
              className="rounded-box border border-dashed border-base-300 p-4 text-base-content/70"
              data-testid="review-unavailable"
            >
              {m.review_unavailable()}
            </p>
          ),
        )}
      </section>
    </ReviewFrame>
  );
}

// A link that shows nothing: say why in plain words. An expired or revoked link is told apart from a
// broken one, and neither says anything of the job or its candidates. The problem is all the page shows,
// so its heading is the page's.
function ReviewProblem({ error, onRetry, retrying }: { error: AppError; onRetry: () => void; retrying: boolean }) {
  return (
    <LinkProblem
      id="review-problem"
      level={1}
      problem={problemOf(error)}
      invalid={{ heading: m.review_invalid_heading(), text: m.review_invalid_text() }}
      expired={{ heading: m.review_expired_heading(), text: m.review_expired_text() }}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
