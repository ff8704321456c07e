import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useState } from 'react';
import { m } from '../../../paraglide/messages';

// Form fields the talent form needs beyond TextField, wired the same way: label, error under the field,
// aria-invalid and aria-describedby.

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="label whitespace-normal text-error">
      {error}
    </p>
  ) : null;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
};

export function SelectField({ id, label, error, hint, options, placeholder, ...select }: SelectFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
      {hint && (
        <p id={`${id}-hint`} className="label whitespace-normal">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: ReactNode;
  error?: string;
};

export function TextareaField({ id, label, error, ...textarea }: TextareaFieldProps) {
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** Several choices as checkboxes (languages): big enough to tap, wrapping on a phone. */
export function CheckboxGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  legend: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="fieldset-legend">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="label cursor-pointer gap-2 text-base-content">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={value.includes(option.value)}
              disabled={disabled}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, option.value]
                    : value.filter((selected) => selected !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** Yes / no (/ not said) as radio buttons. */
export function YesNoField({
  id,
  legend,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  legend: ReactNode;
  value: boolean | undefined;
  onChange: (next: boolean) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="fieldset-legend">{legend}</legend>
      <div className="flex gap-6">
        {[true, false].map((choice) => (
          <label key={String(choice)} className="label cursor-pointer gap-2 text-base-content">
            <input
              type="radio"
              name={id}
              className="radio radio-sm"
              checked={value === choice}
              disabled={disabled}
              onChange={() => onChange(choice)}
            />
            {choice ? m.talent_yes() : m.talent_no()}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** Skills as removable chips, added one at a time (Enter or the Add button). */
export function SkillsField({
  id,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  function add() {
    const skill = text.trim();
    if (!skill) return;
    if (!value.some((existing) => existing.toLowerCase() === skill.toLowerCase())) onChange([...value, skill]);
    setText('');
  }
  return (
    <fieldset className="fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <label className="fieldset-legend" htmlFor={id}>
        {m.talent_field_skills()}
      </label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={m.talent_field_skills()}>
          {value.map((skill) => (
            <li key={skill} className="badge badge-outline gap-1">
              {skill}
              <button
                type="button"
                className="cursor-pointer leading-none"
                aria-label={m.talent_skill_remove({ skill })}
                disabled={disabled}
                onClick={() => onChange(value.filter((existing) => existing !== skill))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="join w-full">
        <input
          id={id}
          className={`input join-item w-full ${error ? 'input-error' : ''}`}
          value={text}
          maxLength={60}
          placeholder={m.talent_skills_placeholder()}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn join-item" onClick={add} disabled={disabled}>
          {m.talent_skills_add()}
        </button>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
