import * as v from 'valibot';
import { dropEntries, isDiallable, queuedDropResumeSchema } from '#src/shared/talent-schemas.ts';

/**
 * What the drop call takes: the online drop, or one queued offline with `contactFromResume` (issue 42.4).
 * The server's alone: the client validates the one form it sends. In a shared module the variant went
 * into the client's valibot chunk, which every page loads, /login's too (over its budget by 0.26 kB).
 */
export const dropResumeRequestSchema = v.variant('contactFromResume', [
  v.pipe(
    v.object({ ...dropEntries, contactFromResume: v.optional(v.picklist(['false'], 'field_invalid')) }),
    v.forward(v.partialCheck([['countryCode'], ['phone']], isDiallable, 'phone_invalid'), ['phone']),
  ),
  queuedDropResumeSchema,
]);
export type DropResumeRequestFields = v.InferOutput<typeof dropResumeRequestSchema>;
