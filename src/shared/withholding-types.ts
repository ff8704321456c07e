import type { PayeeIdType } from './payee-schemas';

// Section 107D (issue 46): what `/api/admin/withholding` answers, and the withholding facts other answers
// carry. Money is integer minor units plus its currency; a rate is in basis points (200 = 2%); times are
// ISO-8601 UTC; years and months are Malaysia time (Asia/Kuala_Lumpur).

/**
 * A recruiter marked for a year: paid more than the threshold in MYR in the year before, so every payment
 * created for them in `year` from `markedAt` on has the rate withheld. `markedAt` is null where the mark is
 * due but not written yet (it is written by the yearly job, or by the first payment created for them).
 */
export type WithholdingMark = {
  year: number;
  /** MYR paid to them in `year - 1` (minor units): what made them cross `threshold`. */
  paidAmount: number;
  threshold: number;
  markedAt: string | null;
};

/** `GET /api/admin/withholding/marks?year=`: the recruiters marked for a year, by name. */
export type WithholdingMarkRow = WithholdingMark & { recruiterId: number; recruiterName: string };

/** The payee as Form CP107D (e-107D) asks for them: from the recruiter's payee details (null: not saved yet). */
export type WithholdingPayee = {
  /** As on the identity card. */
  fullName: string;
  idType: PayeeIdType;
  idNumber: string;
  taxNumber: string | null;
};

/** One payment from which an amount was withheld. */
export type WithholdingRow = {
  paymentId: number;
  recruiterId: number;
  /** The account's name, for finding them in the app; the payee's name on the card is in `payee`. */
  recruiterName: string;
  payee: WithholdingPayee | null;
  reference: string | null;
  paidAt: string;
  currency: string;
  gross: number;
  /** Basis points. */
  rate: number;
  withheld: number;
  net: number;
  /** The last day to remit it, 'YYYY-MM-DD': the 30th day after the day it was paid, in Malaysia time. */
  remitBy: string;
};

/** `GET /api/admin/withholding?month=`: the amounts withheld from the payments paid in a month. */
export type WithholdingMonth = {
  month: string;
  timeZone: 'Asia/Kuala_Lumpur';
  /** Oldest payment first. */
  rows: WithholdingRow[];
  /** Per currency, largest withheld first. */
  totals: Array<{ currency: string; gross: number; withheld: number; net: number; payments: number }>;
  /** The earliest `remitBy` of the month's rows; null when nothing was withheld. */
  remitBy: string | null;
  /** Every month in which something was withheld, newest first (the screen's choice of month). */
  months: string[];
};
