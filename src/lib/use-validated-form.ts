import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { type AppError, asAppError } from './app-error';
import { fieldErrors } from './field-errors';

// The submit cycle every form shares: validate with the same valibot schema the server uses, show
// field errors beside each field, else send; a refusal from the server shows its field errors and a
// form-level error. What the user typed stays in the form either way.
//   - A submit that ends with field errors brings the first one into view and focuses it (the form's
//     `formRef`, else the page's first invalid control: a phone's long form would hide it).
//   - Given the form's current `values`, an error goes as soon as its field is valid again; fields not
//     touched since keep theirs (a server refusal of an e-mail stays until the e-mail changes).
//   - A CONFLICT refusal that names its fields is said by those fields alone: the generic "conflicts
//     with a recent change" banner above them would contradict them.

type Shown = { errors: Record<string, string>; input: unknown };

const NONE: Shown = { errors: {}, input: undefined };

const topKey = (path: string) => path.split('.')[0] ?? path;

function fieldValue(input: unknown, key: string): string {
  const value = input && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
  return JSON.stringify(value ?? null);
}

/** The first control marked invalid, scrolled to the middle of the screen (clear of sticky bars) and focused. */
export function focusFirstError(root: ParentNode | null): void {
  const target = (root ?? document).querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!target) return;
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
}

export function useValidatedForm<S extends v.GenericSchema>(schema: S, values?: v.InferInput<S>) {
  const [shown, setShown] = useState<Shown>(NONE);
  const [formError, setFormError] = useState<AppError | null>(null);
  const [failures, setFailures] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    if (failures > 0) focusFirstError(formRef.current);
  }, [failures]);

  const live = values === undefined ? undefined : JSON.stringify(values);
  const errors = useMemo(() => {
    const keys = Object.keys(shown.errors);
    if (live === undefined || keys.length === 0) return shown.errors;
    const current = JSON.parse(live) as unknown;
    const changed = new Set(
      keys.map(topKey).filter((key) => fieldValue(current, key) !== fieldValue(shown.input, key)),
    );
    if (changed.size === 0) return shown.errors;
    // A changed field keeps an error only while it is still invalid (with what is wrong with it now).
    const parsed = v.safeParse(schema, current);
    const now = parsed.success ? {} : fieldErrors(parsed.issues);
    const out: Record<string, string> = {};
    for (const [path, message] of Object.entries(shown.errors)) {
      if (!changed.has(topKey(path))) out[path] = message;
    }
    for (const [path, message] of Object.entries(now)) {
      if (changed.has(topKey(path)) && keys.some((shownPath) => topKey(shownPath) === topKey(path))) {
        out[path] ??= message;
      }
    }
    return out;
  }, [shown, live, schema]);

  const submit = useCallback(
    async (input: v.InferInput<S>, send: (output: v.InferOutput<S>) => Promise<void>): Promise<void> => {
      setFormError(null);
      const parsed = v.safeParse(schema, input);
      if (!parsed.success) {
        setShown({ errors: fieldErrors(parsed.issues), input });
        setFailures((count) => count + 1);
        return;
      }
      setShown(NONE);
      try {
        await send(parsed.output);
      } catch (error) {
        const appError = asAppError(error);
        const named = appError.fields && Object.keys(appError.fields).length > 0;
        if (named) {
          setShown({ errors: fieldErrors(appError.fields), input });
          setFailures((count) => count + 1);
        }
        setFormError(named && appError.code === 'CONFLICT' ? null : appError);
      }
    },
    [schema],
  );

  /** `submit` as a form's onSubmit handler, in place of the browser's own submission. */
  const onSubmitOf =
    (input: v.InferInput<S>, send: (output: v.InferOutput<S>) => Promise<void>) => (event: FormEvent) => {
      event.preventDefault();
      void submit(input, send);
    };

  return { errors, formError, submit, onSubmitOf, formRef };
}
