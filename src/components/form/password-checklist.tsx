import { m } from '#src/paraglide/messages.js';
import { PASSWORD_MIN_LENGTH } from '#src/shared/password-rule.ts';

// The live checklist mirrors src/shared/password-rule.ts (seed section 5); the schema stays the judge.
const RULES: { label: () => string; test: (password: string) => boolean }[] = [
  { label: m.auth_rule_length, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { label: m.auth_rule_letter, test: (p) => /\p{L}/u.test(p) },
  { label: m.auth_rule_digit, test: (p) => /\d/.test(p) },
  { label: m.auth_rule_special, test: (p) => /[^\p{L}\d\s]/u.test(p) },
];

/** Under a new-password field (reset link, Account): each rule ticked as the typed password meets it. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <>
      <p className="text-base-content/70">{m.auth_rule_heading()}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.label()} className={met ? 'text-success' : 'text-base-content/70'}>
              <span aria-hidden="true">{met ? '✓' : '○'}</span> {rule.label()}
              <span className="sr-only"> ({met ? m.auth_rule_met() : m.auth_rule_not_met()})</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
