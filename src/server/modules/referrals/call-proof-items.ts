import type { DB } from '#src/server/db/connect.ts';
import type { CallProofStatus } from '#src/shared/enums.ts';
import type { CallProofItem } from '#src/shared/recruiter-types.ts';

const selectItems = (db: DB) =>
  db
    .selectFrom('call_proofs')
    .innerJoin('files', 'files.id', 'call_proofs.file_id')
    .select([
      'call_proofs.id',
      'call_proofs.referral_id',
      'call_proofs.called_at',
      'call_proofs.note',
      'call_proofs.review_status',
      'call_proofs.review_reason',
      'call_proofs.reviewed_at',
      'call_proofs.created_at',
      'files.id as file_id',
      'files.original_name',
      'files.mime_type',
      'files.size',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

const toItem = (r: Row): CallProofItem => ({
  id: r.id,
  referralId: r.referral_id,
  calledAt: r.called_at,
  note: r.note,
  reviewStatus: r.review_status as CallProofStatus,
  reviewReason: r.review_reason,
  reviewedAt: r.reviewed_at,
  file: { id: r.file_id, name: r.original_name, mimeType: r.mime_type, size: Number(r.size) },
  createdAt: r.created_at,
});

/** A referral's call proofs with their files, newest first. */
export async function listCallProofItems(db: DB, referralId: number): Promise<CallProofItem[]> {
  const rows = await selectItems(db)
    .where('call_proofs.referral_id', '=', referralId)
    .orderBy('call_proofs.created_at', 'desc')
    .orderBy('call_proofs.id', 'desc')
    .execute();
  return rows.map(toItem);
}

export async function getCallProofItem(db: DB, callProofId: number): Promise<CallProofItem> {
  return toItem(await selectItems(db).where('call_proofs.id', '=', callProofId).executeTakeFirstOrThrow());
}
