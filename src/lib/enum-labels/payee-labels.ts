import { m } from '#src/paraglide/messages.js';
import type { MalaysianState, PayeeIdType } from '#src/shared/payee-schemas.ts';

// The payee details' choices (issue 46), in the reader's language: the recruiter's form and the admin's
// "Tax form details" show them alike.

export const MALAYSIAN_STATE_LABELS: Record<MalaysianState, () => string> = {
  JOHOR: m.payee_state_johor,
  KEDAH: m.payee_state_kedah,
  KELANTAN: m.payee_state_kelantan,
  MELAKA: m.payee_state_melaka,
  NEGERI_SEMBILAN: m.payee_state_negeri_sembilan,
  PAHANG: m.payee_state_pahang,
  PERAK: m.payee_state_perak,
  PERLIS: m.payee_state_perlis,
  PULAU_PINANG: m.payee_state_pulau_pinang,
  SABAH: m.payee_state_sabah,
  SARAWAK: m.payee_state_sarawak,
  SELANGOR: m.payee_state_selangor,
  TERENGGANU: m.payee_state_terengganu,
  KUALA_LUMPUR: m.payee_state_kuala_lumpur,
  LABUAN: m.payee_state_labuan,
  PUTRAJAYA: m.payee_state_putrajaya,
};

export const PAYEE_ID_TYPE_LABELS: Record<PayeeIdType, () => string> = {
  MYKAD: m.payee_id_type_mykad,
  PASSPORT: m.payee_id_type_passport,
};

/** "900615-14-5071": a MyKad number as the card prints it; a passport number as it is. */
export const idNumberText = (idType: PayeeIdType, idNumber: string) =>
  idType === 'MYKAD' && /^\d{12}$/.test(idNumber)
    ? `${idNumber.slice(0, 6)}-${idNumber.slice(6, 8)}-${idNumber.slice(8)}`
    : idNumber;
