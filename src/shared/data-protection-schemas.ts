import * as v from 'valibot';
import { DATA_REQUEST_STATUSES } from './enums';
import { idParamField, requiredText } from './form-fields';
import { listPageEntries } from './list-query';

// Payloads of Admin › Data protection (`/api/admin/data-protection`, issue 24 part 3), validated by the
// admin's forms and by the server at the edge. Issue messages are message keys the client localises.

export { DATA_REQUEST_STATUSES, type DataRequestStatus } from './enums';

/** `GET /people?q=`: an e-mail address or a phone number, as the admin has it. */
export const peopleSearchSchema = v.object({
  q: v.pipe(v.string('field_required'), v.trim(), v.minLength(3, 'field_required'), v.maxLength(200, 'field_too_long')),
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
  status: v.picklist(['DONE', 'REFUSED'] as const, 'field_invalid'),
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
