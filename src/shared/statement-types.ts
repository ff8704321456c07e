// What the yearly statement calls answer (issue 46): `GET /api/recruiter/earning/statement` and
// `GET /api/admin/recruiters/:id/statement`. Money is integer minor units plus its currency; times are
// ISO-8601 UTC. The year is a calendar year in Malaysia time (Asia/Kuala_Lumpur, UTC+8): a payment paid
// at 00:30 on 1 January there belongs to the new year.

/** The operator's company, from the PAYER_* settings; a field the operator has not set is null. */
export type StatementPayer = {
  name: string | null;
  registrationNumber: string | null;
  /** The employer number (E) of the Inland Revenue Board, as "E 1234567890". */
  employerNumber: string | null;
  addressLines: string[];
  phone: string | null;
};

export type StatementReferral = {
  id: number;
  /** '' when the talent was anonymised: the screen and the PDF say "Erased candidate". */
  talentName: string;
  taskId: number;
  taskCode: string;
  taskTitle: string;
  amount: number;
  currency: string;
};

export type StatementPayment = {
  id: number;
  reference: string | null;
  paidAt: string;
  /** The gross: the sum of its referrals' rewards. */
  amount: number;
  currency: string;
  /** Section 107D (issue 46): the rate withheld in basis points (null: none), the amount withheld, the net paid. */
  withholdingRate: number | null;
  withheld: number;
  net: number;
  referrals: StatementReferral[];
};

/** One per currency the year's payments were made in (a payment holds one currency), largest first. */
export type StatementTotal = {
  currency: string;
  /** Gross, withheld under section 107D, and net: sums of the payments' own. */
  amount: number;
  withheld: number;
  net: number;
  payments: number;
  referrals: number;
};

export type YearlyStatement = {
  year: number;
  timeZone: 'Asia/Kuala_Lumpur';
  /** The year's first instant and the next year's (exclusive), in UTC. */
  from: string;
  to: string;
  recruiter: { id: number; name: string; email: string };
  payer: StatementPayer;
  /** The payments paid in the year, oldest first, each with its referrals. */
  payments: StatementPayment[];
  totals: StatementTotal[];
  /** Every year in which the recruiter was paid, newest first (the screen's choice of year). */
  years: number[];
};
