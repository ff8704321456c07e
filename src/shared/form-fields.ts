import * as v from 'valibot';

// Building blocks for payloads that travel as multipart forms (seed section 7: "object values sent as
// JSON text"). The client validates typed values; the server validates the same schema over the form's
// strings. So each block accepts both: a number or its text, a list or its JSON text, a boolean or
// 'true'/'false'. Issue messages are message keys the client localises.

/** Trimmed text, required, at most `max` characters. */
export const requiredText = (max: number, requiredKey = 'field_required', tooLongKey = 'field_too_long') =>
  v.pipe(v.string(requiredKey), v.trim(), v.nonEmpty(requiredKey), v.maxLength(max, tooLongKey));

/**
 * A person's name: required text without line breaks or control characters, web addresses or e-mail
 * addresses. Names go into e-mails the platform sends (to talents, recruiters): a "name" must not carry
 * a link or extra lines into them (issue 22, finding 11). Dots and slashes stay ("Dr. Tan", "a/l").
 */
export const personName = (max: number) =>
  v.pipe(
    requiredText(max),
    v.check((name) => !/[\p{Cc}\p{Zl}\p{Zp}]|:\/\/|\bwww\.|@/iu.test(name), 'name_invalid'),
  );

/** Trimmed text that may be left out; blank becomes undefined (the seed sends a note "only when not blank"). */
export const optionalText = (max: number, tooLongKey = 'field_too_long') =>
  v.pipe(
    v.optional(v.nullable(v.string()), undefined),
    v.transform((s) => (s == null || s.trim() === '' ? undefined : s.trim())),
    v.optional(v.pipe(v.string(), v.maxLength(max, tooLongKey))),
  );

const numberText = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^-?\d+(\.\d+)?$/, 'field_number'),
  v.transform((s) => Number(s)),
);

/**
 * A number, or its text in a form. Its output is a number already: no schema follows it, because the
 * OpenAPI converter stops reading a pipe at its second schema (the limits after it would be lost).
 */
export const numberish = (message = 'field_number') => v.union([v.number(message), numberText], message);

/** The largest id an id column holds (a 32-bit integer in PostgreSQL); a larger one names nothing. */
export const MAX_ID = 2_147_483_647;

/** A positive whole id, or its text. */
export const idField = (requiredKey = 'field_required') =>
  v.pipe(
    v.union([v.number(), numberText], requiredKey),
    v.integer(requiredKey),
    v.minValue(1, requiredKey),
    v.maxValue(MAX_ID, requiredKey),
  );

/** A positive whole id in a path (`/:id`): digits only, within MAX_ID. */
export const idParamField = () =>
  v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,9}$/, 'field_invalid'),
    v.transform(Number),
    v.maxValue(MAX_ID, 'field_invalid'),
  );

/** A number that may be left out: blank text or null become undefined. */
export const optionalNumberish = (message = 'field_number') =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), undefined),
    v.transform((x) => (x == null || (typeof x === 'string' && x.trim() === '') ? undefined : x)),
    v.optional(numberish(message)),
  );

/** A boolean, or 'true'/'false' in a form. */
export const booleanish = (message = 'field_required') =>
  v.pipe(
    v.union([v.boolean(message), v.picklist(['true', 'false'], message)], message),
    v.transform((x) => x === true || x === 'true'),
  );

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text; // not JSON: the list schema then reports the field as invalid
  }
}

/** A list, or its JSON text in a form. */
export const jsonList = <T extends v.GenericSchema>(item: T, message = 'field_invalid') =>
  v.pipe(
    v.union([v.array(v.unknown()), v.string()], message),
    v.transform((x) => (typeof x === 'string' ? parseJson(x) : x)),
    v.array(item, message),
  );

/**
 * Multipart body of a typed payload: strings as they are, numbers and booleans as text, lists and
 * objects as JSON text; undefined, null and blank strings are left out. Files are appended by the caller.
 */
export function toFormFields(values: Record<string, unknown>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      if (value.trim() !== '') out.push([name, value]);
    } else if (typeof value === 'number' || typeof value === 'boolean') out.push([name, String(value)]);
    else out.push([name, JSON.stringify(value)]);
  }
  return out;
}
