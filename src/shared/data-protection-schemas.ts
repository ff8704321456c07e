import * as v from 'valibot';
import { DATA_REQUEST_STATUSES } from './enums';
import { idParamField, requiredText } from './form-fields';
import { listPageEntries } from './list-query';
import { normalizeEmail, toE164 } from './phone';

// Payloads of Admin › Data protection (`/api/admin/data-protection`, issue 24 part 3), validated by the
// admin's forms and by the server at the edge. Issue messages are message keys the client localises.

export { DATA_REQUEST_STATUSES, type DataRequestStatus } from './enums';

/** Without "+" a number is read as Malaysian, as the admin's other phone fields do. */
const DEFAULT_COUNTRY_CODE = '+60';

/** How the admin's text is matched: an e-mail on talents.email_normalized, a phone on talents.phone_e164. */
export function searchKeys(q: string): { email: string | null; phone: string | null } {
  const text = q.trim();
  if (text.includes('@')) return { email: normalizeEmail(text), phone: null };
  const digits = text.replace(/[^\d+]/g, '');
  // "60123456789" typed without its "+" is a full international number, "012-345 6789" a local one.
  const phone =
    toE164(DEFAULT_COUNTRY_CODE, text) ?? (digits.startsWith('+') ? null : toE164(DEFAULT_COUNTRY_CODE, `+${digits}`));
  return { email: null, phone };
}

/**
 * `GET /people?q=`: an e-mail address or a phone number, as the admin has it. A name is refused, not
 * searched: two people share names, and a request about one's data comes with their e-mail or phone.
 */
export const peopleSearchSchema = v.object({
  q: v.pipe(
    v.string('field_required'),
    v.trim(),
    v.minLength(3, 'field_required'),
    v.maxLength(200, 'field_too_long'),
    v.check((q) => {
      const keys = searchKeys(q);
      return keys.email !== null || keys.phone !== null;
    }, 'data_protection_search_contact'),
  ),
});

/** `/people/:talentId` path parameters. */
export const personParamSchema = v.object({ talentId: idParamField() });

/** The word the admin types to confirm an erase: the same in every language, so it is a deliberate act. */
export const ERASE_CONFIRM_WORD = 'ERASE';

/** `POST /people/:talentId/erase`: why (kept in the record of access), and the typed confirmation. */
export const eraseSchema = v.object({
  reason: v.pipe(
    v.string('field_required'),
    v.trim(),
    v.minLength(5, 'data_protection_reason_short'),
    v.maxLength(500, 'field_too_long'),
  ),
  confirm: v.pipe(
    v.string('data_protection_confirm_word'),
    v.check((word) => word === ERASE_CONFIRM_WORD, 'data_protection_confirm_word'),
  ),
});
export type EraseInput = v.InferInput<typeof eraseSchema>;

/** `GET /requests?status=`: the talents' requests, oldest due first. */
export const dataRequestListQuerySchema = v.object({
  status: v.optional(v.picklist(DATA_REQUEST_STATUSES, 'field_invalid'), 'OPEN'),
  ...listPageEntries,
});
export type DataRequestListQuery = v.InferOutput<typeof dataRequestListQuerySchema>;

/** `POST /requests/:id/close`: done or refused, with the answer given to the talent. */
export const closeDataRequestSchema = v.object({
  status: v.picklist(['DONE', 'REFUSED'] as const, 'data_protection_outcome_required'),
  response: requiredText(2000),
});
export type CloseDataRequestInput = v.InferInput<typeof closeDataRequestSchema>;

/** `POST /api/recruiter/talent/:id/corrections/:requestId/done`: what the recruiter corrected. */
export const correctionDoneSchema = v.object({
  response: requiredText(2000),
});
export type CorrectionDoneInput = v.InferInput<typeof correctionDoneSchema>;

export const correctionParamSchema = v.object({
  id: idParamField(),
  requestId: idParamField(),
});
