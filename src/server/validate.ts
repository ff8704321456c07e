import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
import { AppError } from './errors';

// Validation at the edge: a bad payload answers 400 with one message per field, before any handler runs.
// Field messages are message keys (src/shared schemas) the client localises.
export const validate = <T extends keyof ValidationTargets, S extends v.GenericSchema>(target: T, schema: S) =>
  vValidator(target, schema, (result) => {
    if (!result.success) {
      const fields: Record<string, string> = {};
      for (const issue of result.issues) {
        const key = v.getDotPath(issue) ?? '_';
        // A field left out altogether (a blank form field is not sent) reads as "required", not valibot's text.
        const missing = issue.path?.at(-1)?.origin === 'key' || (issue.kind === 'schema' && issue.input === undefined);
        fields[key] ??= missing && !/^[a-z_]+$/.test(issue.message) ? 'field_required' : issue.message;
      }
      throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', fields);
    }
  });
