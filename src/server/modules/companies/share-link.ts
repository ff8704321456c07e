import type { ShareLink, ShareState } from '#src/shared/company-types.ts';

// What every listing of a review link says of it (issue 45): the task's links (company-shares.ts) and the
// links one referral was put on (referral-shares.ts) read it from the same columns, the same way.

export const shareStateOf = (share: { revoked_at: string | null; expires_at: string }, now: Date): ShareState =>
  share.revoked_at !== null ? 'REVOKED' : share.expires_at <= now.toISOString() ? 'EXPIRED' : 'OPEN';

/**
 * The columns of a link's ShareLink, for a query that joins its contact (`company_contacts` on
 * `company_shares.contact_id`) and left-joins the admin who made it (`users` on `company_shares.created_by`).
 */
export const SHARE_LINK_COLUMNS = [
  'company_shares.id',
  'company_shares.task_id',
  'company_shares.expires_at',
  'company_shares.revoked_at',
  'company_shares.first_opened_at',
  'company_shares.last_opened_at',
  'company_shares.created_at',
  'company_shares.created_by',
  'users.full_name as created_by_name',
  'company_contacts.id as contact_id',
  'company_contacts.name as contact_name',
  'company_contacts.email as contact_email',
  'company_contacts.locale as contact_locale',
  'company_contacts.removed_at as contact_removed_at',
] as const;

/** A row holding SHARE_LINK_COLUMNS. */
type ShareLinkRow = {
  id: number;
  task_id: number;
  expires_at: string;
  revoked_at: string | null;
  first_opened_at: string | null;
  last_opened_at: string | null;
  created_at: string;
  created_by: number | null;
  created_by_name: string | null;
  contact_id: number;
  contact_name: string;
  contact_email: string;
  contact_locale: string;
  contact_removed_at: string | null;
};

export const toShareLink = (row: ShareLinkRow, now: Date): ShareLink => ({
  id: row.id,
  taskId: row.task_id,
  contact: {
    id: row.contact_id,
    name: row.contact_name,
    email: row.contact_email,
    locale: row.contact_locale,
    removed: row.contact_removed_at !== null,
  },
  state: shareStateOf(row, now),
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  firstOpenedAt: row.first_opened_at,
  lastOpenedAt: row.last_opened_at,
  createdAt: row.created_at,
  createdBy:
    row.created_by !== null && row.created_by_name !== null ? { id: row.created_by, name: row.created_by_name } : null,
});
