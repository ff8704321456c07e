import type { AppDeps } from '#src/server/context.ts';
import { notFound } from '#src/server/errors.ts';

export type StoredFile = {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  purpose: 'RESUME' | 'CALL_PROOF';
  /** The talent the file is about (a resume's talent, a call proof's referral's talent), for the access record. */
  talentId: number | null;
};

/**
 * A resume or call-proof file for the caller: its owner (the recruiter of the talent or referral) or an
 * admin. Anyone else gets 404, as if it did not exist.
 */
export async function readFileFor(
  deps: AppDeps,
  user: { id: number; roles: string[] },
  fileId: number,
): Promise<StoredFile> {
  const { db } = deps;
  let query = db
    .selectFrom('files')
    .select((eb) => [
      'files.original_name',
      'files.mime_type',
      'files.storage_key',
      'files.purpose',
      eb.fn
        .coalesce(
          eb.selectFrom('talents').select('talents.id').whereRef('talents.resume_file_id', '=', 'files.id').limit(1),
          eb
            .selectFrom('call_proofs')
            .innerJoin('referrals', 'referrals.id', 'call_proofs.referral_id')
            .select('referrals.talent_id')
            .whereRef('call_proofs.file_id', '=', 'files.id')
            .limit(1),
        )
        .as('talent_id'),
    ])
    .where('files.id', '=', fileId);
  if (!user.roles.includes('ROLE_ADMIN')) {
    query = query.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('talents')
            .select('talents.id')
            .whereRef('talents.resume_file_id', '=', 'files.id')
            .where('talents.recruiter_id', '=', user.id),
        ),
        eb.exists(
          eb
            .selectFrom('call_proofs')
            .innerJoin('referrals', 'referrals.id', 'call_proofs.referral_id')
            .select('call_proofs.id')
            .whereRef('call_proofs.file_id', '=', 'files.id')
            .where('referrals.recruiter_id', '=', user.id),
        ),
      ]),
    );
  }
  const file = await query.executeTakeFirst();
  if (!file) throw notFound('File');
  const bytes = await deps.storage.get(file.storage_key);
  if (!bytes) throw notFound('File');
  return {
    name: file.original_name,
    mimeType: file.mime_type,
    bytes,
    purpose: file.purpose,
    talentId: file.talent_id === null ? null : Number(file.talent_id),
  };
}
