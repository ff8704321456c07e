import { TextField } from '#src/components/form/text-field.tsx';
import { m } from '#src/paraglide/messages.js';

/** The e-mail field of the login and reset-password forms (posted as `email`, read from FormData). */
export function EmailField({
  id,
  error,
  disabled,
  defaultValue,
}: {
  id: string;
  error?: string;
  disabled: boolean;
  defaultValue?: string;
}) {
  return (
    <TextField
      id={id}
      label={m.auth_email_label()}
      error={error}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={m.auth_email_placeholder()}
      disabled={disabled}
      defaultValue={defaultValue}
    />
  );
}
