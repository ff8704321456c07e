import { m } from '#src/paraglide/messages.js';

const STEPS = [m.add_talent_step_drop, m.add_talent_step_processing, m.add_talent_step_complete];

type Step = 1 | 2 | 3;

// Where the recruiter is in the three pages of adding a talent. A talent picked from the folder skips
// the drop and its processing: those steps read "Skipped", not done.
export function AddTalentSteps({ current, skipped = [] }: { current: Step; skipped?: readonly Step[] }) {
  return (
    <nav aria-label={m.add_talent_steps_label()}>
      <ol className="steps w-full text-xs">
        {STEPS.map((label, index) => {
          const step = (index + 1) as Step;
          const skip = skipped.includes(step);
          return (
            <li
              key={label()}
              className={`step ${step <= current && !skip ? 'step-primary' : ''}`}
              data-content={skip ? '–' : undefined}
              data-skipped={skip || undefined}
              aria-current={step === current ? 'step' : undefined}
            >
              <span className={skip ? 'text-base-content/60' : undefined}>
                {label()}
                {skip && <span className="block">({m.add_talent_step_skipped()})</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
