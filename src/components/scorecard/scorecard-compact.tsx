import { m } from '#src/paraglide/messages.js';
import type { Scorecard } from '#src/shared/insight.ts';
import { formatRate, noScoreText, PART_NAMES, PART_TIPS, scoreText } from './scorecard-text';

// The referring recruiter's scorecard in a few lines, beside the reward decision: the score, each part's
// rate, and what would raise it, so the admin weighs the referral knowing the recruiter's record.
export function ScorecardCompact({ scorecard }: { scorecard: Scorecard }) {
  return (
    <div className="rounded-box border border-base-300 px-3 py-2 space-y-2 text-sm" data-testid="scorecard-compact">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-semibold">{m.scorecard_title_admin()}</span>
        <span className="font-bold tabular-nums" data-testid="scorecard-score">
          {scoreText(scorecard.score)}
        </span>
      </div>
      {scorecard.score === null && (
        <p className="text-xs text-base-content/70" data-testid="scorecard-none">
          {noScoreText(scorecard, 'admin')}
        </p>
      )}
      <ul className="grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs sm:grid-cols-3" aria-label={m.scorecard_parts_label()}>
        {scorecard.lines.map((line) => (
          <li key={line.part} className="flex justify-between gap-2" data-testid={`scorecard-line-${line.part}`}>
            <span className="text-base-content/70">{PART_NAMES[line.part]()}</span>
            <span className="tabular-nums font-medium" data-testid="scorecard-rate">
              {line.rate === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{m.scorecard_nothing_yet()}</span>
                </>
              ) : (
                formatRate(line.rate)
              )}
            </span>
          </li>
        ))}
      </ul>
      {scorecard.raise.length > 0 && (
        <div className="space-y-0.5 text-xs">
          <p className="font-semibold">{m.scorecard_raise_admin()}</p>
          <ul className="list-disc space-y-0.5 pl-4">
            {scorecard.raise.map((part) => (
              <li key={part} data-testid={`scorecard-tip-${part}`}>
                {PART_TIPS.admin[part]()}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
