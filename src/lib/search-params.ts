import * as v from 'valibot';

// The router parses search values as JSON, so `?taskId=7` arrives as the number 7 (STACK.md): ids
// and tokens accept a string or a number and come out as a non-empty string. Anything else (missing,
// empty, an object) falls back to undefined, which the route then treats as "missing".
export const stringParam = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.nonEmpty());

export const optionalStringParam = v.fallback(v.optional(stringParam), undefined);

// `?empty=1`, `?shared=1`: the router reads 1 as a number and `true` as a boolean; both mean yes, and
// anything else (missing, garbage) means no.
export const flagParam = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.number(), v.string()]),
      v.transform((value) => value === true || value === 1 || value === '1' || value === 'true'),
    ),
    false,
  ),
  false,
);
