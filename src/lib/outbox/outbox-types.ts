// The outbox (issue 4): every resume drop, profile completion and call proof is written here first,
// then sent, by the page or by the service worker. No DOM in this folder's core files: the service
// worker imports them too.

export const OUTBOX_KINDS = ['drop-resume', 'profile-completion', 'call-proof'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const OUTBOX_PATHS: Record<OutboxKind, string> = {
  'drop-resume': '/api/recruiter/talent/drop_resume',
  'profile-completion': '/api/recruiter/talent/task',
  'call-proof': '/api/recruiter/talent-task/call-proof',
};

/** Waiting to be sent (or to be tried again), on its way, refused by the server, or answered 2xx. */
export type OutboxState = 'waiting' | 'sending' | 'needs-attention' | 'sent';

/** The server's refusal, kept to show beside the entry; `fields` hold message keys. */
export type OutboxError = { code: string; status: number; message: string; fields?: Record<string, string> };

/** What the screens show of an entry while it waits: where it belongs, and whose it is. */
export type OutboxMeta = {
  taskId?: string;
  talentId?: number;
  referralId?: number;
  talentName?: string;
  email?: string;
  /** The add-talent flow has moved past this drop (to profile completion). */
  flowDone?: boolean;
  /**
   * The form has shown this entry's refusal and holds it for correction: settled for the outbox (no
   * badge, not listed). It stays stored so a reload of the form loses nothing, until it is corrected
   * (replaced) or a day has passed.
   */
  handedBack?: boolean;
};

/** The file's description; its bytes live in their own store (see outbox-store.ts). */
export type OutboxFileInfo = { name: string; type: string; size: number };
/** An ArrayBuffer, not a Blob: Safari cannot keep Blobs from FormData in IndexedDB reliably. */
export type OutboxFile = { name: string; type: string; data: ArrayBuffer };

export type OutboxEntry = {
  /** A client-made UUID, sent as the Idempotency-Key of every try. */
  id: string;
  /** The user who made it: only their session sends it, only they see it. */
  userId: number;
  kind: OutboxKind;
  /** The validated fields, as the form made them (lists and objects travel as JSON text). */
  fields: Record<string, unknown>;
  file?: OutboxFileInfo;
  meta: OutboxMeta;
  createdAt: number;
  state: OutboxState;
  /** Tries that failed for the network or the server (they count toward the back-off). */
  attempts: number;
  /** Not tried again before this time (ms). */
  nextAttemptAt: number;
  /** The last reason it was not sent: a refusal (needs attention) or a passing failure. */
  error?: OutboxError;
  sentAt?: number;
  /** The 2xx answer's `data` (the created record). */
  answer?: unknown;
};

export const OUTBOX_SYNC_TAG = 'recruiter-outbox';
/** One replay at a time across tabs and the service worker. */
export const OUTBOX_LOCK = 'recruiter-outbox-replay';
export const OUTBOX_CHANNEL = 'recruiter-outbox';
/** The file field of every multipart upload (seed section 3). */
export const OUTBOX_FILE_FIELD = 'file';
/** Sent entries stay as receipts (the Outbox screen's "sent") this long; their files go at once. */
export const OUTBOX_RECEIPT_TTL_MS = 24 * 60 * 60 * 1000;

/** Still the outbox's business: not sent, and not a refusal handed back to its form. */
export const isUnsent = (entry: OutboxEntry): boolean => entry.state !== 'sent' && entry.meta.handedBack !== true;

/** What the Outbox screen lists: everything but refusals their form already holds. */
export const isListed = (entry: OutboxEntry): boolean => entry.meta.handedBack !== true;
