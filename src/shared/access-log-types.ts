import type { AccessActionName } from './access-log-schemas';

// Answers of `/api/admin/access-log` and `/api/admin/data-locations` (issue 24 parts 4 and 5).

/** COMPANY_CONTACT: a hiring company's contact on a review link (issue 45); `id` is the contact's. */
export type AccessActorKind = 'ADMIN' | 'RECRUITER' | 'TALENT' | 'SYSTEM' | 'COMPANY_CONTACT';

/** One line of the record. `detail` never holds the talent's personal data (counts, a file's purpose, a reason). */
export interface AccessLogEntry {
  id: number;
  at: string;
  /** name/email: the user's, while the account exists; null for the system, a talent, or a removed account. */
  /** `company`: the hiring company of a COMPANY_CONTACT (its name, while the company exists). */
  actor: {
    kind: AccessActorKind;
    id: number | null;
    name: string | null;
    email: string | null;
    company?: string | null;
  };
  action: AccessActionName;
  /** RECRUITER: a recruiter's payee details (issue 46); `id` is the recruiter's user id. */
  subject: { kind: 'FILE' | 'TALENT' | 'PAYMENTS' | 'RECRUITER'; id: number | null };
  talentId: number | null;
  detail: Record<string, string | number | boolean | null>;
  ip: string | null;
  userAgent: string | null;
}

/** Where one kind of personal data is kept or sent, and whether it leaves this server to get there. */
export type DataLocation =
  | { kind: 'LOCAL_DISK'; leavesServer: false }
  | { kind: 'S3'; host: string; region: string; bucket: string; leavesServer: boolean }
  | { kind: 'BUILTIN_AI'; leavesServer: false }
  | { kind: 'OPENAI_COMPATIBLE'; host: string; model: string; leavesServer: boolean }
  | { kind: 'SMTP'; host: string; leavesServer: boolean }
  | { kind: 'EML_FILES'; leavesServer: false }
  | { kind: 'SQLITE'; leavesServer: false }
  | { kind: 'POSTGRES'; host: string; leavesServer: boolean }
  // Issue 25: pushes go through the push services of the devices subscribed (hosts seen, not configured).
  | { kind: 'WEB_PUSH'; hosts: string[]; leavesServer: boolean };

export interface DataLocations {
  files: DataLocation;
  ai: DataLocation;
  email: DataLocation;
  database: DataLocation;
  push: DataLocation;
}
