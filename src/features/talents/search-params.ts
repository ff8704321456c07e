import * as v from 'valibot';
import { idParam, optionalPick, optionalTextParam, pageParam, pageSizeParam } from '#src/lib/list-search.ts';
import { CONSENT_FILTERS, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';

// A value that does not fit falls back to "no filter", never an error.

/** `/talents-folder` search params: search, task, consent, hiring and reward filters, page. */
export const talentsFolderSearchSchema = v.object({
  search: optionalTextParam,
  taskId: idParam,
  consent: optionalPick(CONSENT_FILTERS),
  hiring: optionalPick(HIRING_STATUSES),
  reward: optionalPick(REWARD_FILTERS),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type TalentsFolderSearch = v.InferOutput<typeof talentsFolderSearchSchema>;

/** The folder's filters as the list call takes them. */
export const folderFilters = (search: TalentsFolderSearch) => ({
  search: search.search || undefined,
  taskId: search.taskId,
  consent: search.consent,
  hiring: search.hiring,
  reward: search.reward,
  page: search.page,
  pageSize: search.pageSize,
});

/** `/talents-folder/{id}/profile?referral=` opens (and scrolls to) that referral's panel. */
export const talentProfileSearchSchema = v.object({ referral: idParam });
