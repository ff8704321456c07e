// "Show password(s)": a checkbox that turns password inputs into text inputs, so a long password typed
// on a phone can be checked before it is sent. Login and Account share it. A 44 px tall target for a thumb.
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
