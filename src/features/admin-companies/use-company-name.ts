import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { asAppError } from '#src/lib/app-error.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { companyInputSchema } from '#src/shared/company-schemas.ts';

/**
 * A company's name field, for the new-company dialog and the rename form: `submitting(save)` is the form's
 * submit handler, which checks the name by the server's schema (showing why not beside the field) and hands
 * `save` the name as the server will store it.
 */
export function useCompanyName(initial: string) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submitting = (save: (name: string) => void) => (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(companyInputSchema, { name });
    if (!parsed.success) {
      setError(fieldErrors(parsed.issues).name);
      return;
    }
    setError(undefined);
    save(parsed.output.name);
  };
  return { name, setName, error, setError, submitting };
}

/** Why the server refused the name (a taken one), if that is why it refused. */
export const nameRefusal = (failure: unknown): string | undefined => fieldErrors(asAppError(failure).fields).name;
