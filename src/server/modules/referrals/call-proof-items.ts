import type { DB } from '#src/server/db/connect.ts';
import { notFound } from '#src/server/errors.ts';
import type { CallProofStatus } from '#src/shared/enums.ts';
import type { CallProofItem } from '#src/shared/recruiter-types.ts';

// One query for the recruiter's and the admin's call proofs: the reviewer's columns are only read by the
// admin's mapping (admin-referral-detail.ts), the recruiter's item leaves them out.
const selectRows = (db: DB) =>
  db
    .selectFrom('call_proofs')
    .innerJoin('files', 'files.id', 'call_proofs.file_id')
    .leftJoin('users', 'users.id', 'call_proofs.reviewed_by')
    .select([
      'call_proofs.id',
      'call_proofs.referral_id',
      'call_proofs.called_at',
      'call_proofs.note',
      'call_proofs.review_status',
      'call_proofs.review_reason',
      'call_proofs.reviewed_by',
      'call_proofs.reviewed_at',
      'call_proofs.created_at',
      'files.id as file_id',
      'files.original_name',
      'files.mime_type',
      'files.size',
      'users.full_name as reviewer_name',
    ]);

export type CallProofRow = Awaited<ReturnType<ReturnType<typeof selectRows>['executeTakeFirstOrThrow']>>;

export const toCallProofItem = (r: CallProofRow): CallProofItem => ({
  id: r.id,
  referralId: r.referral_id,
  calledAt: r.called_at,
  note: r.note,
  reviewStatus: r.review_status as CallProofStatus,
  reviewReason: r.review_reason,
  reviewedAt: r.reviewed_at,
  // GET /api/files/:id serves it (inline for images, audio and PDF).
  file: { id: r.file_id, name: r.original_name, mimeType: r.mime_type, size: Number(r.size) },
  createdAt: r.created_at,
});

/** A referral's call proofs with their files and reviewers, newest first. */
export function listCallProofRows(db: DB, referralId: number): Promise<CallProofRow[]> {
  return selectRows(db)
    .where('call_proofs.referral_id', '=', referralId)
    .orderBy('call_proofs.created_at', 'desc')
    .orderBy('call_proofs.id', 'desc')
    .execute();
}

/** One call proof with its file and reviewer; 404 when there is none. */
export async function getCallProofRow(db: DB, callProofId: number): Promise<CallProofRow> {
  const row = await selectRows(db).where('call_proofs.id', '=', callProofId).executeTakeFirst();
  if (!row) throw notFound('Call proof');
  return row;
}

export async function listCallProofItems(db: DB, referralId: number): Promise<CallProofItem[]> {
  return (await listCallProofRows(db, referralId)).map(toCallProofItem);
}

export async function getCallProofItem(db: DB, callProofId: number): Promise<CallProofItem> {
  return toCallProofItem(await getCallProofRow(db, callProofId));
}
