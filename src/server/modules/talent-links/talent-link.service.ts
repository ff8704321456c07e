import type { TalentDecision, TalentLinkView } from '../../../shared/recruiter-types';
import type { AppDeps } from '../../context';

const todo = (): never => {
  throw new Error('not implemented');
};

export type LinkKind = 'CONSENT' | 'ITA';
export type AnswerContext = { locale: string; ip: string | null; userAgent: string | null };

/** What a consent or ITA link shows, without using it up; 404 INVALID_TOKEN for an unknown token. */
export async function viewTalentLink(_deps: AppDeps, _kind: LinkKind, _token: string): Promise<TalentLinkView> {
  return todo();
}

/**
 * Records the talent's answer (single use, atomic), with time, notice version, language and origin as
 * proof, writes the referral's history and e-mails the recruiter. An expired or used link answers 410
 * TOKEN_EXPIRED or 409 CONFLICT; an unknown one 404 INVALID_TOKEN.
 */
export async function answerTalentLink(
  _deps: AppDeps,
  _kind: LinkKind,
  _token: string,
  _decision: TalentDecision,
  _context: AnswerContext,
): Promise<TalentLinkView> {
  return todo();
}
