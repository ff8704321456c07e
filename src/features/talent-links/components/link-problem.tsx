import type { AppError } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';

export type ProblemKind = 'invalid' | 'expired' | 'rate-limited' | 'network' | 'server';

/** Which page a failed load shows: a refusal is final, a lost connection or a fault can be retried. */
export function problemOf(error: AppError): ProblemKind {
  if (error.status === 429) return 'rate-limited';
  if (error.status === 410) return 'expired';
  if (error.status === 0) return 'network';
  if (error.status >= 500) return 'server';
  return 'invalid';
}

// A link that cannot be answered: say why in plain words and what to do next. Never the crash page.
export function LinkProblem({
  problem,
  recruiterName,
  onRetry,
  retrying = false,
}: {
  problem: ProblemKind;
  recruiterName?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { heading, text } = texts(problem, recruiterName);
  const canRetry = (problem === 'network' || problem === 'server') && onRetry;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="talent-link-problem" data-testid="talent-link-problem">
      <h2 id="talent-link-problem" className="text-xl font-semibold">
        {heading}
      </h2>
      <p className="text-base-content/80">{text}</p>
      {canRetry && (
        <button
          type="button"
          className="btn btn-primary btn-lg w-full sm:w-auto"
          onClick={onRetry}
          disabled={retrying}
          aria-busy={retrying}
        >
          {retrying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {m.talent_link_retry()}
        </button>
      )}
    </section>
  );
}

function texts(problem: ProblemKind, recruiterName = ''): { heading: string; text: string } {
  switch (problem) {
    case 'expired':
      return { heading: m.talent_link_expired_heading(), text: m.talent_link_expired_text({ recruiterName }) };
    case 'rate-limited':
      return { heading: m.talent_link_rate_limited_heading(), text: m.talent_link_rate_limited_text() };
    case 'network':
      return { heading: m.talent_link_network_heading(), text: m.talent_link_network_text() };
    case 'server':
      return { heading: m.talent_link_network_heading(), text: m.talent_link_server_error_text() };
    default:
      return { heading: m.talent_link_invalid_heading(), text: m.talent_link_invalid_text() };
  }
}
