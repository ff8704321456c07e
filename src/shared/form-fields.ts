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
 * a link or extra lines into them (issue 22, finding 11), nor a bare domain a reader would type or a mail
 * client would link (issue 43.3). Dots and slashes stay ("Dr. Tan", "A. Rahman", "St.John", "a/l").
 */
export const personName = (max: number) =>
  v.pipe(
    requiredText(max),
    v.check((name) => !/[\p{Cc}\p{Zl}\p{Zp}]|:\/\/|\bwww\.|@/iu.test(name) && !holdsDomain(name), 'name_invalid'),
  );

// Ideographic, half-width and full-width full stops, small and leader dots: between two letters or digits
// in a name they only ever stand in for the dot of an address (`evil。com`).
const OTHER_DOT = /[\p{L}\p{N}][\u3002\uff61\uff0e\ufe52\u2024][\p{L}\p{N}]/u;
const IPV4 = /\d{1,3}(?:\.\d{1,3}){3}/;
// `label.label…tld`, not inside a longer word; the labels and the last one captured.
const DOMAIN = /(?<![\p{L}\p{N}.-])((?:[\p{L}\p{N}-]+\.)+)(\p{L}{2,63})(?![\p{L}\p{N}-])/gu;
// Never a name's last part after a dot: "x.com" is an address whatever comes before.
const ALWAYS_ADDRESS = new Set(['com', 'net', 'org']);
// The endings most seen in links (the common generic ones, those most used for abuse, this region's), when
// the part before is a word, not an initial. Surnames that are also endings (Ng, Li, Ma, Lu, Mo, Do, Ong,
// Kim) are left out: "K.Ng" and "S.Ong" are names.
const ADDRESS_ENDINGS = new Set(
  (
    'info biz io co ly me app dev xyz top site online link click club shop store live life icu buzz cfd sbs lol ' +
    'vip work support help email win loan page tk ml ga cf gq ru cn su pw ws gd gl to cc tv ai uk us sg my id ph ' +
    'vn th in au de fr eu asia gov edu mobi pro tech cloud bid date download review stream men party trade zip mov ' +
    'cam rest bond cyou mom news hk tw jp kr'
  ).split(' '),
);

/** Whether a name holds a bare domain (`bit.ly/x1`, `paypal-verify.net`, `evil。com`), by the rules above. */
function holdsDomain(name: string): boolean {
  // Full-width letters and dots read as the plain ones (`ｅｖｉｌ．ｃｏｍ`).
  const text = name.normalize('NFKC');
  if (OTHER_DOT.test(name) || IPV4.test(text)) return true;
  for (const match of text.matchAll(DOMAIN)) {
    const labels = (match[1] ?? '').slice(0, -1).split('.');
    const ending = (match[2] ?? '').toLowerCase();
    const before = labels.at(-1) ?? '';
    const after = text.slice(match.index + match[0].length);
    if (/^(?:[/?#]|:\d)/.test(after)) return true; // a path, a query or a port follows
    if (labels.some((label) => /[\p{N}-]/u.test(label))) return true; // digits or hyphens: "paypal-verify.net"
    if (ALWAYS_ADDRESS.has(ending)) return true;
    if (before.length >= 2 && ADDRESS_ENDINGS.has(ending)) return true;
    // All in lower case with words on both sides ("login.microsoftonline"): typed as an address, not a name.
    if (before.length >= 2 && match[0] === match[0].toLowerCase() && match[0] !== match[0].toUpperCase()) return true;
  }
  return false;
}

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
