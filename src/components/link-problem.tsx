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

type Words = { heading: string; text: string };

// A page opened by a token in an e-mail (the talent's consent, ITA and data pages, a company's review page)
// that cannot show what it holds: say why in plain words and what to do next, never the crash page. Each
// page says its own words for a link that is unknown or over; a limit, a lost connection and a fault of
// ours read the same on all of them, and only those two can be tried again.
export function LinkProblem({
  id,
  problem,
  invalid,
  expired,
  level = 2,
  onRetry,
  retrying = false,
}: {
  /** The heading's id and the section's test id. */
  id: string;
  problem: ProblemKind;
  invalid: Words;
  expired: Words;
  /** 1 where the problem is all the page shows (no other heading), 2 under the page's own heading. */
  level?: 1 | 2;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { heading, text } = problem === 'invalid' ? invalid : problem === 'expired' ? expired : sharedWords(problem);
  const canRetry = (problem === 'network' || problem === 'server') && onRetry;
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="flex flex-col gap-3" aria-labelledby={id} data-testid={id}>
      <Heading id={id} className={`${level === 1 ? 'text-2xl' : 'text-xl'} font-semibold`}>
        {heading}
      </Heading>
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

function sharedWords(problem: 'rate-limited' | 'network' | 'server'): Words {
  if (problem === 'rate-limited')
    return { heading: m.talent_link_rate_limited_heading(), text: m.talent_link_rate_limited_text() };
  if (problem === 'network') return { heading: m.talent_link_network_heading(), text: m.talent_link_network_text() };
  return { heading: m.talent_link_network_heading(), text: m.talent_link_server_error_text() };
}
