import { loggedError, logger } from '#src/server/observability/logger.ts';
import type { DB } from './connect';

// Issue 27: recruiter_scores.duplicates_refused, the one count of the scorecard no trigger can keep (a
// refused referral leaves no row). Written by the referral calls when they refuse a duplicate person, in
// a statement of its own after the refusal: the refused transaction, if there was one, rolled back.

/** Adds one to the recruiter's refused duplicates. Never fails the refusal it follows: a failure is logged. */
export async function countDuplicateRefused(db: DB, recruiterId: number): Promise<void> {
  try {
    await db
      .insertInto('recruiter_scores')
      .values({ recruiter_id: recruiterId, duplicates_refused: 1 })
      .onConflict((oc) =>
        oc.column('recruiter_id').doUpdateSet((eb) => ({
          duplicates_refused: eb('recruiter_scores.duplicates_refused', '+', 1),
        })),
      )
      .execute();
  } catch (error) {
    logger.warn({ area: 'insight', error: loggedError(error) }, 'refused duplicate not counted');
  }
}
