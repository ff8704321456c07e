import type { DB } from '#src/server/db/connect.ts';

/**
 * Records that a user read a stored file (issue 21: every CV view or download is recorded), after the
 * access check passed and before the bytes go out. Inline is a view in place, attachment a download.
 */
export async function recordFileRead(
  db: DB,
  at: Date,
  read: { fileId: number; userId: number; disposition: 'inline' | 'attachment' },
): Promise<void> {
  await db
    .insertInto('file_reads')
    .values({
      file_id: read.fileId,
      user_id: read.userId,
      disposition: read.disposition,
      created_at: at.toISOString(),
    })
    .execute();
}
