import type { MalaysianState, PayeeIdType } from './payee-schemas';

// What `GET /api/account/payee` and `GET /api/admin/recruiters/:id/payee` answer (issue 46): the payee's
// details for Form CP58, whole, to the recruiter themself and to admins (each admin read is in the access
// record). Null until the recruiter has saved them.

export type PayeeAddress = {
  line1: string;
  line2: string | null;
  line3: string | null;
  /** Five digits. */
  postcode: string;
  city: string;
  state: MalaysianState;
};

export type PayeeDetails = {
  /** As on the identity card (or passport). */
  fullName: string;
  idType: PayeeIdType;
  /** MyKad: 12 digits, no dashes; passport: letters and digits, upper-case. */
  idNumber: string;
  /** The income tax number, compact and upper-case ("IG12345678090"); null when not given. */
  taxNumber: string | null;
  address: PayeeAddress;
  updatedAt: string;
};
