type Option<T extends string> = { value: T; label: string };

type FilterSelectProps<T extends string> = {
  id: string;
  label: string;
  value: T;
  options: ReadonlyArray<Option<T>>;
  onChange: (value: T) => void;
};

/** A select's options: each value with its label message, in the values' order. */
export const labelledOptions = <T extends string>(values: readonly T[], labels: Record<T, () => string>): Option<T>[] =>
  values.map((value) => ({ value, label: labels[value]() }));

// A labelled select for a list filter or sort; the label stays visible for screen readers only.
export function FilterSelect<T extends string>({ id, label, value, options, onChange }: FilterSelectProps<T>) {
  return (
    <label className="select select-sm w-full sm:w-auto" htmlFor={id}>
      <span className="label">{label}</span>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
