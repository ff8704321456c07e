import type { HiringStatus } from '#src/shared/enums.ts';
import type { ReferralDetail } from '#src/shared/recruiter-types.ts';

// The hiring pipeline (PRODUCT.md): SUBMITTED → SCREENING → INTERVIEW → OFFERED → HIRED, and from any
// state before HIRED a final REJECTED or WITHDRAWN.
export const PIPELINE = ['SUBMITTED', 'SCREENING', 'INTERVIEW', 'OFFERED', 'HIRED'] as const;
type PipelineState = (typeof PIPELINE)[number];

export type TimelineStep = { state: HiringStatus; reachedAt: string | null; done: boolean; current: boolean };
export type Timeline = { steps: TimelineStep[]; ended: 'REJECTED' | 'WITHDRAWN' | null };

const isPipeline = (value: string | null): value is PipelineState =>
  value !== null && (PIPELINE as readonly string[]).includes(value);

/**
 * The referral's timeline from its history: the pipeline up to the current state (each with the last
 * time it was entered), then the rest still ahead; a referral that ended shows the steps it reached and
 * the final state instead of the steps it will never reach.
 */
export function hiringTimeline(referral: Pick<ReferralDetail, 'hiringStatus' | 'createdAt' | 'history'>): Timeline {
  const changes = referral.history.filter((entry) => entry.action === 'HIRING_CHANGED');
  const reachedAt = new Map<string, string>([['SUBMITTED', referral.createdAt]]);
  for (const change of changes) if (change.toValue) reachedAt.set(change.toValue, change.createdAt);

  const current = referral.hiringStatus;
  if (isPipeline(current)) {
    const index = PIPELINE.indexOf(current);
    return {
      ended: null,
      steps: PIPELINE.map((state, i) => ({
        state,
        reachedAt: i <= index ? (reachedAt.get(state) ?? null) : null,
        done: i <= index,
        current: i === index,
      })),
    };
  }

  // Ended: the pipeline state it was in when it ended, else the furthest one the history names.
  const ending = changes.findLast((change) => change.toValue === current);
  const furthest = Math.max(0, ...PIPELINE.map((state, i) => (reachedAt.has(state) ? i : -1)));
  const stoppedAt = isPipeline(ending?.fromValue ?? null)
    ? PIPELINE.indexOf(ending?.fromValue as PipelineState)
    : furthest;
  return {
    ended: current,
    steps: [
      ...PIPELINE.slice(0, stoppedAt + 1).map((state) => ({
        state,
        reachedAt: reachedAt.get(state) ?? null,
        done: true,
        current: false,
      })),
      { state: current, reachedAt: ending?.createdAt ?? null, done: true, current: true },
    ],
  };
}
