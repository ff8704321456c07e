import { m } from '#src/paraglide/messages.js';
import type { Cp58Missing, Cp58PayerMissing, Cp58Status } from '#src/shared/cp58-types.ts';

// How Admin › Paperwork names a form's states and what it lacks. Maps, not dynamic key lookups, so the
// bundler keeps what is used.

export const CP58_STATUS_LABELS: Record<Cp58Status, () => string> = {
  NOT_ISSUED: m.admin_cp58_status_not_issued,
  ISSUED: m.admin_cp58_status_issued,
  CHANGED: m.admin_cp58_status_changed,
};

export const CP58_STATUS_BADGES: Record<Cp58Status, string> = {
  NOT_ISSUED: 'badge-ghost',
  ISSUED: 'badge-success',
  CHANGED: 'badge-warning',
};

export const CP58_MISSING_LABELS: Record<Cp58Missing, () => string> = {
  PAYEE_DETAILS: m.admin_cp58_missing_payee_details,
  ID_NUMBER: m.admin_cp58_missing_id_number,
  ADDRESS: m.admin_cp58_missing_address,
};

export const CP58_PAYER_LABELS: Record<Cp58PayerMissing, () => string> = {
  NAME: m.admin_cp58_payer_name,
  REGISTRATION_NUMBER: m.admin_cp58_payer_registration_number,
  EMPLOYER_NUMBER: m.admin_cp58_payer_employer_number,
  ADDRESS: m.admin_cp58_payer_address,
};
