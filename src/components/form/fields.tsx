import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

// Select, textarea and choice-group fields laid out like TextField: label, control, error beside it
// (wired to aria-describedby), hint under it. Every form of the app uses these.

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

type Option = { value: string; label: string };

/** A labelled select: its options as `children`, or as `options` with an optional empty `placeholder` first. */
export function SelectField({
  id,
  label,
  error,
  hint,
  children,
  options,
  placeholder,
  className,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  Described & { label: ReactNode; options?: ReadonlyArray<Option>; placeholder?: string }) {
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
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
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
