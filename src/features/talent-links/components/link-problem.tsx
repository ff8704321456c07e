import { LinkProblem, type ProblemKind } from '#src/components/link-problem.tsx';
import { m } from '#src/paraglide/messages.js';

// A talent's link that cannot be answered, in the talent's words (the company's review page says its own).
// The server writes the same section before any script runs (link-page.ts problemHtml): keep them alike.
export function TalentLinkProblem({
  problem,
  recruiterName = '',
  onRetry,
  retrying,
}: {
  problem: ProblemKind;
  /** Who to ask for a new link, where the page knows (an expired link's view names the recruiter). */
  recruiterName?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <LinkProblem
      id="talent-link-problem"
      problem={problem}
      invalid={{ heading: m.talent_link_invalid_heading(), text: m.talent_link_invalid_text() }}
      expired={{ heading: m.talent_link_expired_heading(), text: m.talent_link_expired_text({ recruiterName }) }}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
