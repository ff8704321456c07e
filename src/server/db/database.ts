import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccessActionName } from '#src/shared/access-log-schemas.ts';

// Table types. Conventions that keep SQLite and PostgreSQL alike:
// times are ISO-8601 UTC text (sortable), flags are integers 0/1, lists are JSON text,
// money is integer minor units plus a currency code.
type Timestamp = string;
type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  email: string; // stored lower-cased: unique, case-insensitive
  password_hash: string;
  full_name: string;
  phone: string | null;
  roles: string; // JSON list of Role
  status: 'ACTIVE' | 'DEACTIVATE';
  need_to_change_password: Flag;
  /** Until when an invitation's temporary password logs in; null when none is in use (migration 013). */
  temporary_password_expires_at: Generated<Timestamp | null>;
  remaining_ai_note_improvement: number;
  /** The bank details (bank, account name, account number), sealed for `payout:<id>` (migration 021). */
  payout_sealed: Generated<string | null>;
  locale: string;
  timezone: string;
  /** JSON NotificationPreferences; null = the defaults (migration 015). */
  notification_prefs: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  remember_me: Flag;
  created_at: Timestamp;
  expires_at: Timestamp; // absolute lifetime of the login
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: number;
  token_hash: string; // SHA-256 of the opaque token; the token itself is never stored
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface TasksTable {
  id: Generated<number>;
  code: string;
  title: string;
  company: string;
  description: string;
  job_type: 'ft' | 'pt' | 'intern';
  is_critical: Flag;
  location: string;
  country: string;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string;
  reward_amount: number;
  reward_currency: string;
  quota: number;
  status: 'OPEN' | 'CLOSED';
  expires_at: Timestamp | null; // EXPIRED is derived: OPEN and past expires_at
  required_skills: string; // JSON list
  required_languages: string; // JSON list
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The company record the task's `company` text names (migration 019). */
  company_id: Generated<number | null>;
}

export interface PromosTable {
  id: Generated<number>;
  title: string;
  description: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  bonus_amount: number;
  bonus_currency: string;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When recruiters were told it opened (migration 015). */
  announced_at: Generated<Timestamp | null>;
}

export interface PromoTasksTable {
  promo_id: number;
  task_id: number;
  created_at: Timestamp;
}

export interface RecruiterTasksTable {
  id: Generated<number>;
  recruiter_id: number;
  task_id: number;
  assigned_by: number | null; // null when the recruiter joined by themself
  created_at: Timestamp;
}

export interface FilesTable {
  id: Generated<number>;
  owner_id: number | null;
  purpose: 'RESUME' | 'CALL_PROOF';
  original_name: string;
  mime_type: string;
  size: number;
  sha256: string;
  storage_key: string; // path under DATA_DIR/uploads
  created_at: Timestamp;
}

export interface TalentsTable {
  id: Generated<number>;
  recruiter_id: number;
  full_name: string;
  email: string;
  email_normalized: string;
  phone: string;
  country_code: string;
  phone_e164: string;
  languages: string; // JSON list
  education_level: string;
  country: string;
  location: string;
  expected_salary: number | null;
  expected_salary_currency: string;
  resume_file_id: number | null;
  resume_text: string | null;
  parse_status: 'PENDING' | 'PARSING' | 'DONE' | 'FAILED' | 'SKIPPED';
  has_work_experience: Flag | null;
  years_of_experience: number | null;
  current_position: string | null;
  skills: string; // JSON list
  summary: string | null;
  contact_locale: Generated<string>; // the language of the talent's e-mails
  draft_note: string | null; // the recruiter note typed at the resume drop, until profile completion
  completion_task_id: Generated<number | null>; // the task of a drop whose profile is not completed yet (migration 012)
  /** The contact fields read from the resume of a drop queued offline, until the recruiter confirms them (migration 020). */
  contact_from_resume: Generated<string | null>;
  /** When the personal fields were removed and the rows kept for the money trail (migration 014). */
  erased_at: Generated<Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// Every read of a stored file through GET /api/files/:id (migration 010).
export interface FileReadsTable {
  id: Generated<number>;
  file_id: number;
  user_id: number | null;
  disposition: 'inline' | 'attachment';
  created_at: Timestamp;
}

export interface ReferralsTable {
  id: Generated<number>;
  talent_id: number;
  task_id: number;
  recruiter_id: number;
  // The person's identity at referral time: one referral per person per task, across recruiters.
  person_email: string;
  person_phone: string;
  recruiter_note: string | null;
  rating: number | null; // 5 Average, 10 Good
  consent_status: 'PENDING' | 'CONFIRMED' | 'DECLINED';
  consent_decided_at: Timestamp | null;
  ita_status: 'NOT_SENT' | 'SENT' | 'CONFIRMED' | 'DECLINED';
  ita_decided_at: Timestamp | null;
  hiring_status: 'SUBMITTED' | 'SCREENING' | 'INTERVIEW' | 'OFFERED' | 'HIRED' | 'REJECTED' | 'WITHDRAWN';
  hiring_reason: string | null; // the reason given with the move to this status (migration 010)
  reward_status: string | null; // null while in review
  reward_amount: number | null; // fixed at approval
  reward_currency: string | null;
  reward_reason: string | null;
  reward_decided_by: number | null;
  reward_decided_at: Timestamp | null;
  promo_id: number | null; // the promo running when the referral was made
  payment_id: number | null;
  proofs_to_review: Generated<number>; // call proofs waiting for review; kept by triggers (migration 006)
  // Issue 27 (migration 017), kept by triggers on referral_history and call_proofs: the stage a REJECTED or
  // WITHDRAWN referral closed at, when it reached each stage, and its reviewed call proofs.
  lost_at: Generated<string | null>;
  screening_at: Generated<Timestamp | null>;
  interview_at: Generated<Timestamp | null>;
  offered_at: Generated<Timestamp | null>;
  hired_at: Generated<Timestamp | null>;
  proofs_accepted: Generated<number>;
  proofs_rejected: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReferralHistoryTable {
  id: Generated<number>;
  referral_id: number;
  actor_id: number | null; // null for the talent or the system
  action: string;
  from_value: string | null;
  to_value: string | null;
  note: string | null;
  created_at: Timestamp;
  /** The hiring company's contact who made the change (a company answer; actor_id is null) (migration 019). */
  company_contact_id: Generated<number | null>;
}

export interface CallProofsTable {
  id: Generated<number>;
  referral_id: number;
  file_id: number;
  called_at: Timestamp;
  note: string | null;
  review_status: 'NEED_REVIEW' | 'ACCEPTED' | 'REJECTED';
  review_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  created_by: number;
  created_at: Timestamp;
}

// Issue 46 (migration 021): a recruiter's details for Form CP58, one sealed value for `payee:<user id>`
// (PayeeDetails, src/shared/payee-types.ts). Kept while the recruiter's payments need them
// (personal-data/payee-retention.ts).
export interface PayeesTable {
  user_id: number;
  sealed: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  recruiter_id: number;
  amount: number;
  currency: string;
  status: 'PENDING' | 'PAID';
  reference: string | null;
  paid_at: Timestamp | null;
  created_by: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Section 107D (issue 46, migration 022), fixed when the payment is created: `amount` is the gross, the
  // rate applied in basis points (200 = 2%; null: nothing withheld), what was withheld, what the recruiter's
  // account receives, and the mark that made it so.
  withheld_amount: Generated<number>; // 0 unless written
  net_amount: number;
  withholding_rate: number | null;
  withholding_mark_id: number | null;
}

// Section 107D (issue 46, migration 022): a recruiter paid more than the threshold in MYR in the year before
// `year` (Malaysia time) has the rate withheld from every payment created for them in `year`. Never changed.
export interface WithholdingMarksTable {
  id: Generated<number>;
  recruiter_id: number;
  year: number;
  paid_amount: number;
  threshold_amount: number;
  marked_at: Timestamp;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  kind: 'CONSENT' | 'ITA' | 'PASSWORD_RESET' | 'DATA';
  token_hash: string; // SHA-256 of 32 random bytes
  user_id: number | null;
  referral_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  voided_at: Timestamp | null; // a resend voids the previous link
  expiry_noticed_at: Timestamp | null; // the recruiter was told this consent link expired unanswered
  talent_id: Generated<number | null>; // the talent a "manage my data" link (DATA) opens (migration 014)
}

// Proof of a talent's answer on a consent or ITA link (PDPA).
export interface TalentDecisionsTable {
  id: Generated<number>;
  referral_id: number;
  token_id: number | null;
  kind: 'CONSENT' | 'ITA';
  // WITHDRAWN: the talent took back a consent they had given (kind CONSENT), from a consent or ITA link.
  decision: 'CONFIRMED' | 'DECLINED' | 'WITHDRAWN';
  notice_version: string;
  locale: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  locale: string;
  template: string;
  payload: string; // JSON
  // CANCELLED: a request to a talent whose referral closed before it went (never sent, never retried).
  status: 'PENDING' | 'SENDING' | 'SENT' | 'FAILED' | 'CANCELLED';
  attempts: number;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  /** The talent this e-mail is to or about: erasing the talent deletes it (migration 014). */
  talent_id: Generated<number | null>;
}

// Issue 25 (migration 015): an event to tell users of, fanned out by jobs/notification-worker.ts.
export interface NotificationEventsTable {
  id: Generated<number>;
  kind: string; // NotificationKind
  audience: 'RECRUITERS' | 'ADMINS';
  talent_id: number | null;
  payload: string; // JSON NotificationPayload
  path: string;
  status: 'PENDING' | 'DONE';
  fanout_cursor: Generated<number>;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  done_at: Timestamp | null;
}

// One in-app item of one user.
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  event_id: number | null;
  talent_id: number | null;
  kind: string;
  payload: string;
  path: string;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

// One device that takes pushes (a browser's PushSubscription).
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_success_at: Timestamp | null;
}

export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  talent_id: number | null;
  payload: string; // JSON PushMessage, emptied once sent or given up
  status: 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

// A talent's request about their own data, answered within 21 days (PDPA s31) (migration 014).
export interface DataRequestsTable {
  id: Generated<number>;
  talent_id: number;
  referral_id: number | null;
  kind: 'CORRECTION' | 'WITHDRAWAL';
  message: string | null;
  status: 'OPEN' | 'DONE' | 'REFUSED';
  due_at: Timestamp;
  created_at: Timestamp;
  closed_at: Timestamp | null;
  closed_by: number | null;
  response: string | null;
}

// What a line of the record says happened: FILE_VIEW / FILE_DOWNLOAD of a CV or call proof, PAYMENTS_EXPORT
// (a CSV with bank details), PERSON_VIEW / PERSON_EXPORT / PERSON_ERASE of everything held about a talent,
// RETENTION_ERASE / RETENTION_ANONYMISE by the retention job. One list, shared with the screen's filter.
export type AccessAction = AccessActionName;

// Append-only record of access to personal data (migration 014). No foreign keys: it outlives what it names.
export interface AccessLogTable {
  id: Generated<number>;
  actor_id: number | null;
  // COMPANY_CONTACT: a hiring company's contact on a review link; actor_id is the contact's id (issue 45).
  actor_kind: 'ADMIN' | 'RECRUITER' | 'TALENT' | 'SYSTEM' | 'COMPANY_CONTACT';
  action: AccessAction;
  // RECRUITER: a recruiter's payee details (issue 46); subject_id is the recruiter's user id.
  subject_kind: 'FILE' | 'TALENT' | 'PAYMENTS' | 'RECRUITER';
  subject_id: number | null;
  talent_id: number | null;
  detail: string | null; // JSON, never the talent's personal data
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

// Issue 45 (migration 019): hiring companies, their contacts, review links and the answers given on them.
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  name_key: string; // trimmed, spaces squeezed, lower-cased: unique
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CompanyContactsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  email: string; // lower-cased
  locale: string; // en | ms | zh
  created_at: Timestamp;
  updated_at: Timestamp;
  removed_at: Timestamp | null;
}

export interface CompanySharesTable {
  id: Generated<number>;
  company_id: number;
  task_id: number;
  contact_id: number;
  token_hash: string; // SHA-256 of 32 random bytes
  reveal: Generated<string>; // JSON list of ShareReveal
  reveal_reason: string | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  first_opened_at: Timestamp | null;
  last_opened_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface CompanyShareReferralsTable {
  id: Generated<number>;
  share_id: number;
  referral_id: number;
  added_at: Timestamp;
  removed_at: Timestamp | null;
}

export interface CompanyAnswersTable {
  id: Generated<number>;
  share_id: number;
  referral_id: number;
  contact_id: number;
  answer: 'SHORTLIST' | 'INTERVIEW' | 'NOT_A_FIT';
  reason: string | null;
  comment: string | null;
  moved_from: string | null;
  moved_to: string | null;
  answered_at: Timestamp;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  status: 'IN_PROGRESS' | 'DONE';
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: number; // epoch ms
  count: number;
}

// Issue 27 (migration 017): counters kept by triggers on referrals (db/insight-counters-sql.ts). `scope` is
// 'all' (scope_id 0), 'task', 'recruiter' or 'promo'; `month` is 'YYYY-MM' in Malaysia time.
export interface InsightFunnelTable {
  scope: string;
  scope_id: number;
  month: string; // the month the referrals were made
  consent_status: string;
  hiring_status: string;
  lost_at: string; // '' unless REJECTED or WITHDRAWN ('' then means SUBMITTED)
  n: number;
  proofs_accepted: number; // their call proofs accepted and rejected
  proofs_rejected: number;
}

export interface InsightTimesTable {
  scope: string;
  scope_id: number;
  month: string;
  step: string; // CONSENT (bucket in hours) or a stage (bucket in days since the stage before)
  bucket: number;
  n: number;
}

export interface InsightMoneyTable {
  month: string; // the month the reward was decided
  promo_id: number; // 0: none
  reward_status: string;
  currency: string;
  n: number;
  amount: number;
}

export interface RecruiterScoresTable {
  recruiter_id: number;
  referred: Generated<number>;
  consent_answered: Generated<number>;
  consent_confirmed: Generated<number>;
  reached_screening: Generated<number>;
  reached_interview: Generated<number>;
  reached_offered: Generated<number>;
  hired: Generated<number>;
  rewards_invalid: Generated<number>;
  proofs_accepted: Generated<number>;
  proofs_rejected: Generated<number>;
  duplicates_refused: Generated<number>; // kept by the app when it refuses a duplicate referral
}

// Issue 46, Form CP58 (migration 023): each issued version of a recruiter's form for a year, never changed;
// a correction is a new row. The payee details and the PDF as issued hold the identity number: sealed for
// `cp58-payee:<id>` and `cp58-pdf:<id>` (modules/cp58/cp58-store.ts).
export interface Cp58FormsTable {
  id: Generated<number>;
  recruiter_id: number;
  year: number;
  version: number;
  corrects_version: number | null;
  locale: string;
  currency: string;
  total_amount: number;
  figures: string; // JSON Cp58Figures
  payer: string; // JSON StatementPayer
  payee_sealed: string;
  pdf_sealed: string;
  issued_at: Timestamp;
  issued_by: number;
}

// A recruiter's request for their form of a year (below the threshold it is given on request).
export interface Cp58RequestsTable {
  id: Generated<number>;
  recruiter_id: number;
  year: number;
  requested_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  tasks: TasksTable;
  promos: PromosTable;
  promo_tasks: PromoTasksTable;
  recruiter_tasks: RecruiterTasksTable;
  files: FilesTable;
  talents: TalentsTable;
  referrals: ReferralsTable;
  referral_history: ReferralHistoryTable;
  call_proofs: CallProofsTable;
  payments: PaymentsTable;
  payees: PayeesTable;
  withholding_marks: WithholdingMarksTable;
  one_time_tokens: OneTimeTokensTable;
  talent_decisions: TalentDecisionsTable;
  file_reads: FileReadsTable;
  email_outbox: EmailOutboxTable;
  data_requests: DataRequestsTable;
  access_log: AccessLogTable;
  companies: CompaniesTable;
  company_contacts: CompanyContactsTable;
  company_shares: CompanySharesTable;
  company_share_referrals: CompanyShareReferralsTable;
  company_answers: CompanyAnswersTable;
  notification_events: NotificationEventsTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
  insight_funnel: InsightFunnelTable;
  insight_times: InsightTimesTable;
  insight_money: InsightMoneyTable;
  recruiter_scores: RecruiterScoresTable;
  cp58_forms: Cp58FormsTable;
  cp58_requests: Cp58RequestsTable;
}

export type User = Selectable<UsersTable>;
export type NotificationEventRow = Selectable<NotificationEventsTable>;
export type PushOutboxRow = Selectable<PushOutboxTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Task = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
export type Promo = Selectable<PromosTable>;
export type Talent = Selectable<TalentsTable>;
export type NewTalent = Insertable<TalentsTable>;
export type Referral = Selectable<ReferralsTable>;
export type NewReferral = Insertable<ReferralsTable>;
export type CallProof = Selectable<CallProofsTable>;
export type Payment = Selectable<PaymentsTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
