import type { UserIdentity } from './auth-schemas';
import type { Cp58IssuedForm } from './cp58-types';
import type { MyPayment } from './earning-types';
import type { AppLocale } from './enums';
import type { PayeeDetails } from './payee-types';
import type { StatementReferral } from './statement-types';
import type { WithholdingMark } from './withholding-types';

// What `/api/account` answers (issue 5, Account). The account number never travels back in full:
// only its masked form ("•••• 6789").
export type AccountPayout = {
  bankName: string;
  accountName: string;
  accountNumberMasked: string;
};

export type AccountProfile = UserIdentity & {
  locale: AppLocale;
  timezone: string;
  remainingAiNoteImprovement: number;
  /** Null until the user has saved payout details. */
  payout: AccountPayout | null;
};

export type PasswordChanged = {
  /** How many other sessions (devices) the change ended; this one stays. */
  endedSessions: number;
};

/** One signed-in device in "Your sessions" (`GET /api/account/sessions`, issue 22 finding 14). */
export type AccountSession = {
  id: number;
  /** Read from the session's user agent on the server; null when it names no browser or system. */
  browser: string | null;
  os: string | null;
  deviceType: 'mobile' | 'tablet' | 'desktop' | null;
  /** The network it signed in from, masked ("60.54.*.*"): never the full address (PDPA). */
  network: string | null;
  signedInAt: string;
  lastActiveAt: string;
  /** The session of the call itself. */
  current: boolean;
};

export type SessionsEnded = {
  /** How many sessions (devices) were signed out. */
  endedSessions: number;
};

/**
 * `GET /api/account/export` (issue 46): what the account holds about its user, as a download. The bank
 * account number stays masked, as everywhere it leaves the server for its owner; the payee details for
 * Form CP58 are whole (null for a user who is no recruiter or has not saved them), as are those of each
 * Form CP58 issued to them.
 */
export type AccountExport = {
  exportedAt: string;
  account: AccountProfile & { status: string; createdAt: string; updatedAt: string };
  payee: PayeeDetails | null;
  /** Section 107D (issue 46): each year they were marked for, on account of what they were paid the year before. */
  withholdingMarks: WithholdingMark[];
  /** Form CP58 (issue 46): every version issued to them, oldest year first, each as issued. */
  cp58Forms: Cp58IssuedForm[];
  /** Every payment to them, as the earning page lists it, with the referrals it paid, as a statement does. */
  payments: Array<Omit<MyPayment, 'referralCount'> & { referrals: Omit<StatementReferral, 'taskId'>[] }>;
};
