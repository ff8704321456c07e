import { m } from '../../../paraglide/messages';

const STEPS = [m.add_talent_step_drop, m.add_talent_step_processing, m.add_talent_step_complete];

// Where the recruiter is in the three pages of adding a talent.
export function AddTalentSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label={m.add_talent_steps_label()}>
      <ol className="steps w-full text-xs">
        {STEPS.map((label, index) => {
          const step = index + 1;
          return (
            <li
              key={label()}
              className={`step ${step <= current ? 'step-primary' : ''}`}
              aria-current={step === current ? 'step' : undefined}
            >
              {label()}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
