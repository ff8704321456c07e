import { type KeyboardEvent, useState } from 'react';
import { m } from '#src/paraglide/messages.js';
import { FieldError } from './fields';

// Skills as chips: type one and press Enter or a comma (a pasted "a, b, c" becomes three); × removes one.
// Text still in the box when the form is sent counts too (see `withPending`).

const clean = (text: string) => text.trim().replace(/\s+/g, ' ');

/** The skills plus any new ones in `text`, without repeats (case-insensitive). */
export function withPending(skills: string[], text: string): string[] {
  const out = [...skills];
  for (const part of text.split(',').map(clean)) {
    if (part && !out.some((skill) => skill.toLowerCase() === part.toLowerCase())) out.push(part);
  }
  return out;
}

export function SkillsInput({
  id,
  label,
  skills,
  onChange,
  text,
  onTextChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  skills: string[];
  onChange: (skills: string[]) => void;
  text: string;
  onTextChange: (text: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [focused, setFocused] = useState(false);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      onChange(withPending(skills, text));
      onTextChange('');
    } else if (event.key === 'Backspace' && text === '' && skills.length > 0) {
      onChange(skills.slice(0, -1));
    }
  }

  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <div
        className={`input flex h-auto min-h-10 w-full flex-wrap items-center gap-1 py-1 ${error ? 'input-error' : ''} ${
          focused ? 'outline-2 outline-offset-2' : ''
        }`}
      >
        {skills.map((skill) => (
          <span
            key={skill}
            // A skill longer than the box wraps inside its chip instead of running out of the box.
            className="badge badge-soft badge-primary h-auto min-h-6 max-w-full gap-1 whitespace-normal [overflow-wrap:anywhere]"
          >
            {skill}
            <button
              type="button"
              className="cursor-pointer px-1"
              aria-label={m.add_talent_skill_remove({ skill })}
              disabled={disabled}
              onClick={() => onChange(skills.filter((s) => s !== skill))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          // Its own height and basis: daisyUI's `.input input` is height/width 100% of the box, so in a box
          // that grows with its chips the caret line grew with it and pushed chips out over the hint.
          className="h-6 w-24 min-w-24 flex-1 bg-transparent outline-none"
          value={text}
          disabled={disabled}
          enterKeyHint="done"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const value = event.currentTarget.value;
            // A comma typed on a phone keyboard (no key event there) or a pasted list.
            if (value.includes(',')) {
              const parts = value.split(',');
              const last = parts.pop() ?? '';
              onChange(withPending(skills, parts.join(',')));
              onTextChange(last.trimStart());
            } else onTextChange(value);
          }}
        />
      </div>
      <FieldError id={id} error={error} />
      <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
        {m.add_talent_skills_hint()}
      </p>
    </fieldset>
  );
}
