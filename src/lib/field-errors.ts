import { m } from '#src/paraglide/messages.js';

// The messages of field issues, apart from app-error.ts: only forms need them, and app-error.ts is in the
// first chunk every visit loads, /login's included (issue 28: its budget).

// Field issue keys of the shared valibot schemas (src/shared) and of the API's VALIDATION_FAILED fields.
const FIELD_MESSAGES: Record<string, () => string> = {
  email_required: m.error_field_email_required,
  email_invalid: m.error_field_email_invalid,
  password_required: m.error_field_password_required,
  password_rule: m.error_field_password_rule,
  password_mismatch: m.error_field_password_mismatch,
  token_required: m.error_field_token_required,
};

/** Features whose schemas add issue keys register their messages once, at module load. */
export function registerFieldMessages(messages: Record<string, () => string>): void {
  Object.assign(FIELD_MESSAGES, messages);
}

/** The localised text of a field issue key; an unknown key reads "This field is not valid." */
export function fieldMessage(key: string): string {
  return (Object.hasOwn(FIELD_MESSAGES, key) ? FIELD_MESSAGES[key] : undefined)?.() ?? m.error_field_invalid();
}

/** Field errors of a failed valibot parse, or of an API VALIDATION_FAILED answer, localised by field path. */
export function fieldErrors(
  issues:
    | ReadonlyArray<{ message: string; path?: ReadonlyArray<{ key: unknown }> }>
    | Record<string, string>
    | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!issues) return out;
  const entries: Array<[string, string]> = Array.isArray(issues)
    ? issues.map((issue) => [issue.path?.map((p: { key: unknown }) => String(p.key)).join('.') ?? '_', issue.message])
    : Object.entries(issues);
  for (const [path, key] of entries) out[path] ??= fieldMessage(key);
  return out;
}
