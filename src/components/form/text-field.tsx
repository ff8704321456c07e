import type { InputHTMLAttributes, ReactNode } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: ReactNode;
  /** The localised error shown under the field; it also marks the input invalid for screen readers. */
  error?: string;
  /** Beside the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** Under the input, always shown (rules, help); announced with the field. */
  hint?: ReactNode;
};

// One labelled input with its error and hint wired to aria-describedby, so every form reads the same
// to a screen reader and looks the same on a phone.
export function TextField({ id, label, error, labelAside, hint, className, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <label className="fieldset-legend" htmlFor={id}>
      {label}
    </label>
  );
  return (
    <fieldset className="fieldset">
      {labelAside ? (
        <div className="flex items-center justify-between">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error && (
        <p id={errorId} className="label text-error whitespace-normal">
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="mt-1 text-xs">
          {hint}
        </div>
      )}
    </fieldset>
  );
}

// "Show password(s)": a checkbox that turns password inputs into text inputs, so a long password typed on a
// phone can be checked before it is sent; Login and Account share it, a 44 px tall target for a thumb. It
// lives beside TextField, which every page with a password loads anyway: a file of its own became a chunk
// of its own, and /login's first load is at its budget (docs/performance.md, first-load JavaScript).
export function ShowPasswordToggle({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="label mt-1 min-h-11 cursor-pointer gap-2 text-sm text-base-content">
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={disabled}
      />
      {label}
    </label>
  );
}
