import type { AppLocale, Role } from './enums';

// What `/api/account` answers (issue 5, Account). The account number never travels back in full:
// only its masked form ("•••• 6789").
export type AccountPayout = {
  bankName: string;
  accountName: string;
  accountNumberMasked: string;
};

export type AccountProfile = {
  id: number;
  email: string;
  fullName: string;
  phone: string | null;
  roles: Role[];
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
