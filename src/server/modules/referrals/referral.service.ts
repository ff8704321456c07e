import type { ListPage } from '../../../shared/api-response';
import type { CallProofItem, ReferralDetail, ReferralSummary } from '../../../shared/recruiter-types';
import type { TalentListQuery } from '../../../shared/talent-schemas';
import type { AppDeps } from '../../context';

const todo = (): never => {
  throw new Error('not implemented');
};

export type LinkSent = { sentAt: string; resendAt: string };
export type CallProofFields = { referralId: number; calledAt: string; note?: string };

/** talent-view: the recruiter's referrals across tasks, as a flat list. */
export async function listMyReferrals(
  _deps: AppDeps,
  _recruiterId: number,
  _query: TalentListQuery,
): Promise<ListPage<ReferralSummary>> {
  return todo();
}

/** One of the recruiter's referrals with call proofs and history; 404 for another recruiter's. */
export async function getMyReferral(
  _deps: AppDeps,
  _recruiterId: number,
  _referralId: number,
): Promise<ReferralDetail> {
  return todo();
}

export async function addCallProof(
  _deps: AppDeps,
  _recruiterId: number,
  _fields: CallProofFields,
  _file: File | undefined,
): Promise<CallProofItem> {
  return todo();
}

/** Deletes a call proof while it is NEED_REVIEW (and its file); 404 for another recruiter's. */
export async function deleteCallProof(_deps: AppDeps, _recruiterId: number, _callProofId: number): Promise<void> {
  return todo();
}

export async function resendConsent(_deps: AppDeps, _recruiterId: number, _referralId: number): Promise<LinkSent> {
  return todo();
}

export async function sendIta(_deps: AppDeps, _recruiterId: number, _referralId: number): Promise<LinkSent> {
  return todo();
}
