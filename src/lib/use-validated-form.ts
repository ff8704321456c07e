import { useState } from 'react';
import * as v from 'valibot';
import { type AppError, asAppError, fieldErrors } from './app-error';

// The submit cycle every form shares: validate with the same valibot schema the server uses, show
// field errors beside each field, else send; a refusal from the server shows its field errors and a
// form-level error. What the user typed stays in the form either way.
export function useValidatedForm<S extends v.GenericSchema>(schema: S) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<AppError | null>(null);

  async function submit(input: v.InferInput<S>, send: (output: v.InferOutput<S>) => Promise<void>): Promise<void> {
    setFormError(null);
    const parsed = v.safeParse(schema, input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setErrors({});
    try {
      await send(parsed.output);
    } catch (error) {
      const appError = asAppError(error);
      if (appError.fields) setErrors(fieldErrors(appError.fields));
      setFormError(appError);
    }
  }

  return { errors, formError, submit };
}
