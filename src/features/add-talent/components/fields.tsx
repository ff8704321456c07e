import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { EDUCATION_LABELS } from '../../../lib/enum-labels';
import { m } from '../../../paraglide/messages';
import { EDUCATION_LEVELS } from '../../../shared/enums';

// Select, textarea and choice-group fields laid out like TextField: label, control, error beside it
// (wired to aria-describedby), hint under it; and the fields both add-talent forms ask alike.

type Described = { id: string; error?: string; hint?: ReactNode };

function describedBy({ id, error, hint }: Described): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="label text-error whitespace-normal">
      {error}
    </p>
  );
}

function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <div id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
      {hint}
    </div>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  children,
  className,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & Described & { label: ReactNode }) {
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        {...select}
      >
        {children}
      </select>
      <FieldError id={id} error={error} />
      <FieldHint id={id} hint={hint} />
    </fieldset>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & Described & { label: ReactNode }) {
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        {...textarea}
      />
      <FieldError id={id} error={error} />
      <FieldHint id={id} hint={hint} />
    </fieldset>
  );
}

/** A group of checkboxes or radios under one legend; the error belongs to the group. */
export function ChoiceGroup({
  id,
  legend,
  error,
  hint,
  children,
}: Described & { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset
      className="fieldset"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy({ id, error, hint })}
    >
      <legend className="fieldset-legend">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">{children}</div>
      <FieldError id={id} error={error} />
      <FieldHint id={id} hint={hint} />
    </fieldset>
  );
}

export function Choice({
  type,
  name,
  value,
  checked,
  onChange,
  label,
  disabled,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
}) {
  return (
    <label className="label min-h-11 cursor-pointer gap-2 text-base-content">
      <input
        type={type}
        className={type === 'checkbox' ? 'checkbox checkbox-sm' : 'radio radio-sm'}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {label}
    </label>
  );
}

/** A form field bound to one text value of the form's state. */
type ValueField = { id: string; value: string; onChange: (value: string) => void; error?: string; disabled?: boolean };

/** The talent's highest education level; `chooseFirst` starts the list with an empty "choose" option. */
export function EducationField({ chooseFirst = false, onChange, ...field }: ValueField & { chooseFirst?: boolean }) {
  return (
    <SelectField label={m.add_talent_education()} onChange={(event) => onChange(event.currentTarget.value)} {...field}>
      {chooseFirst && <option value="">{m.add_talent_choose()}</option>}
      {EDUCATION_LEVELS.map((level) => (
        <option key={level} value={level}>
          {EDUCATION_LABELS[level]()}
        </option>
      ))}
    </SelectField>
  );
}

/** The recruiter's own note about the talent (optional). */
export function RecruiterNoteField({ onChange, ...field }: ValueField) {
  return (
    <TextAreaField
      label={`${m.add_talent_note()} ${m.add_talent_optional()}`}
      hint={m.add_talent_note_hint()}
      rows={3}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...field}
    />
  );
}
