import type { ListPage } from '../../../shared/api-response';
import type { DropResumeAnswer, ReferralCreated, TalentDetail, TalentSummary } from '../../../shared/recruiter-types';
import type {
  DropResumeFields,
  ProfileCompletionFields,
  TalentEditFields,
  TalentListQuery,
} from '../../../shared/talent-schemas';
import type { AppDeps } from '../../context';

const todo = (): never => {
  throw new Error('not implemented');
};

/**
 * The resume drop: refuses a duplicate referral before storing anything, checks the file (size, magic
 * bytes), stores it, creates the talent (or updates the recruiter's record of the same person) and
 * queues the resume for parsing.
 */
export async function dropResume(
  _deps: AppDeps,
  _recruiterId: number,
  _fields: DropResumeFields,
  _file: File | undefined,
): Promise<DropResumeAnswer> {
  return todo();
}

/** Profile completion: saves the confirmed profile, creates the referral and queues the consent e-mail. */
export async function completeProfileAndRefer(
  _deps: AppDeps,
  _recruiterId: number,
  _fields: ProfileCompletionFields,
): Promise<ReferralCreated> {
  return todo();
}

export async function listTalents(
  _deps: AppDeps,
  _recruiterId: number,
  _query: TalentListQuery,
): Promise<ListPage<TalentSummary>> {
  return todo();
}

/** One of the recruiter's talents; 404 for another recruiter's. */
export async function getTalent(_deps: AppDeps, _recruiterId: number, _talentId: number): Promise<TalentDetail> {
  return todo();
}

export async function updateTalent(
  _deps: AppDeps,
  _recruiterId: number,
  _talentId: number,
  _fields: TalentEditFields,
): Promise<TalentDetail> {
  return todo();
}
