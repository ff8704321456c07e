import { useId } from 'react';
import { m } from '#src/paraglide/messages.js';
import type { Scorecard, ScoreLine } from '#src/shared/insight.ts';
import {
  formatRate,
  noScoreText,
  PART_MEASURES,
  PART_NAMES,
  PART_TIPS,
  type ScorecardAudience,
  scoreText,
} from './scorecard-text';

type ScorecardViewProps = {
  scorecard: Scorecard;
  audience: ScorecardAudience;
  /** The heading's level where it is shown (a dashboard section: h2; inside a page or dialog: h3). */
  heading?: 'h2' | 'h3';
  /** Left out when the surrounding dialog already names the scorecard. */
  title?: string;
};

function PartLine({ line }: { line: ScoreLine }) {
  const name = PART_NAMES[line.part]();
  return (
    <li className="space-y-1" data-testid={`scorecard-line-${line.part}`}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{name}</span>
        <span className="tabular-nums font-semibold" data-testid="scorecard-rate">
          {line.rate === null ? <span aria-hidden="true">—</span> : formatRate(line.rate)}
        </span>
      </div>
      <p className="text-xs text-base-content/70">{PART_MEASURES[line.part]()}</p>
      {line.rate !== null && (
        // The figure is in the text beside it: the bar is only a picture of it.
        <progress
          className="progress progress-primary block h-1.5 w-full"
          value={Math.round(line.rate * 100)}
          max={100}
          aria-hidden="true"
        />
      )}
      <p className="text-xs text-base-content/60 tabular-nums">
        {line.rate === null
          ? m.scorecard_nothing_yet()
          : m.scorecard_of({ numerator: String(line.numerator), denominator: String(line.denominator) })}
        {' · '}
        {m.scorecard_weight({ weight: String(line.weight) })}
      </p>
    </li>
  );
}

// The full scorecard: the score (or why there is none yet), what would raise it, each part with its rate
// and weight, and how the parts make the score. Shown to the recruiter (dashboard) and to admins.
export function ScorecardView({ scorecard, audience, heading: Heading = 'h2', title }: ScorecardViewProps) {
  const headingId = useId();
  const tips = PART_TIPS[audience];
  const recruiter = audience === 'recruiter';
  return (
    <section className="space-y-4" aria-labelledby={headingId} data-testid="scorecard">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Heading id={headingId} className="text-lg font-semibold">
          {title ?? (recruiter ? m.scorecard_title_you() : m.scorecard_title_admin())}
        </Heading>
        {scorecard.score !== null && (
          <p className="text-2xl font-bold tabular-nums" data-testid="scorecard-score">
            {scoreText(scorecard.score)}
          </p>
        )}
      </div>
      {scorecard.score === null && (
        <p className="text-sm" data-testid="scorecard-none">
          {noScoreText(scorecard, audience)}
        </p>
      )}
      {scorecard.raise.length > 0 && (
        <div className="rounded-box bg-base-200 px-4 py-3 space-y-1" data-testid="scorecard-raise">
          <p className="text-sm font-semibold">{recruiter ? m.scorecard_raise_you() : m.scorecard_raise_admin()}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {scorecard.raise.map((part) => (
              // The part's name over its tip: no colon to get right in each language.
              <li key={part} data-testid={`scorecard-tip-${part}`}>
                <span className="block font-medium">{PART_NAMES[part]()}</span>
                {tips[part]()}
              </li>
            ))}
          </ul>
        </div>
      )}
      {scorecard.score !== null && scorecard.raise.length === 0 && (
        <p className="text-sm" data-testid="scorecard-raise">
          {recruiter ? m.scorecard_nothing_to_raise_you() : m.scorecard_nothing_to_raise_admin()}
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2" aria-label={m.scorecard_parts_label()}>
        {scorecard.lines.map((line) => (
          <PartLine key={line.part} line={line} />
        ))}
      </ul>
      <p className="text-xs text-base-content/70">{m.scorecard_how()}</p>
    </section>
  );
}
