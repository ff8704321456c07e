import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScorecardCompact } from '#src/components/scorecard/scorecard-compact.tsx';
import { ScorecardView } from '#src/components/scorecard/scorecard-view.tsx';
import { type ScoreCounts, scorecardOf } from '#src/shared/insight.ts';

// The scorecard as people read it (issue 27): the score or why there is none yet (with the right plural),
// each part's rate with what it is out of, the parts with nothing to measure, and advice worded for the
// recruiter or for an admin.

const NONE: ScoreCounts = {
  referred: 0,
  consentAnswered: 0,
  consentConfirmed: 0,
  reachedScreening: 0,
  reachedInterview: 0,
  reachedOffered: 0,
  hired: 0,
  rewardsInvalid: 0,
  proofsAccepted: 0,
  proofsRejected: 0,
  duplicatesRefused: 0,
};

// 20 referrals, 10 consents, 8 screened, 4 interviewed, 1 hire, no call proof reviewed, 2 refused.
const BUSY: ScoreCounts = {
  ...NONE,
  referred: 20,
  consentAnswered: 12,
  consentConfirmed: 10,
  reachedScreening: 8,
  reachedInterview: 4,
  reachedOffered: 2,
  hired: 1,
  rewardsInvalid: 2,
};

afterEach(cleanup);

const line = (part: string) => screen.getByTestId(`scorecard-line-${part}`);

describe('ScorecardView', () => {
  it('says why there is no score yet, with the referrals made so far in the right plural', () => {
    render(
      <ScorecardView scorecard={scorecardOf(1, { ...NONE, referred: 1, consentConfirmed: 1 })} audience="recruiter" />,
    );
    expect(screen.getByTestId('scorecard-none').textContent).toBe(
      'No score yet: it shows after 10 referrals (you have made 1 referral).',
    );
    expect(screen.queryByTestId('scorecard-score')).toBeNull();
    cleanup();
    render(<ScorecardView scorecard={scorecardOf(1, { ...NONE, referred: 4 })} audience="admin" />);
    expect(screen.getByTestId('scorecard-none').textContent).toBe(
      'No score yet: it shows after 10 referrals (this recruiter has made 4 referrals).',
    );
  });

  it('shows the score out of 100 and each part as a percent of what it is out of, with its weight', () => {
    const card = scorecardOf(7, BUSY);
    render(<ScorecardView scorecard={card} audience="recruiter" />);
    // consent 10/20, progress 8/10, interview 4/10, hire 1/10 over a quarter, clean 18/20; proofs left out:
    // (20·0.5 + 20·0.8 + 20·0.4 + 15·0.4 + 15·0.9) / 90 = 53.5 / 90 → 59.
    expect(card.score).toBe(59);
    expect(screen.getByTestId('scorecard-score').textContent).toBe('59 / 100');
    expect(line('consent').textContent).toContain('50%');
    expect(line('consent').textContent).toContain('10 of 20 · weight 20');
    expect(line('hire').textContent).toContain('40%');
    expect(line('hire').textContent).toContain('1 of 10 · weight 15');
    expect(line('proofs').textContent).toContain('Nothing to measure yet · weight 10');
    expect(within(line('proofs')).queryByRole('progressbar', { hidden: true })).toBeNull();
    expect(screen.getByText(/weighted mean of these parts/)).toBeTruthy();
  });

  it('advises the recruiter as "you" and an admin in neutral words, on the parts that would raise it most', () => {
    const card = scorecardOf(7, BUSY);
    expect(card.raise).toEqual(['interview', 'consent']);
    render(<ScorecardView scorecard={card} audience="recruiter" />);
    expect(screen.getByText('What would raise your score')).toBeTruthy();
    expect(screen.getByTestId('scorecard-tip-consent').textContent).toContain(
      'Tell talents the consent e-mail is coming, and check their e-mail and phone before you refer.',
    );
    cleanup();
    render(<ScorecardView scorecard={card} audience="admin" />);
    expect(screen.getByText('What would raise it')).toBeTruthy();
    expect(screen.getByTestId('scorecard-tip-consent').textContent).not.toMatch(/\byou\b/i);
    expect(screen.getByTestId('scorecard-tip-interview').textContent).not.toMatch(/\byou\b/i);
  });

  it('says every part is at or near full marks when nothing would raise the score', () => {
    const perfect = {
      ...NONE,
      referred: 10,
      consentConfirmed: 10,
      reachedScreening: 10,
      reachedInterview: 10,
      hired: 3,
    };
    render(<ScorecardView scorecard={scorecardOf(7, perfect)} audience="recruiter" />);
    expect(screen.getByTestId('scorecard-score').textContent).toBe('100 / 100');
    expect(screen.getByTestId('scorecard-raise').textContent).toBe('Every part is at or near full marks: keep it up.');
  });
});

describe('ScorecardCompact', () => {
  it('shows the score and every part in a few lines, naming a part with nothing to measure for screen readers', () => {
    render(<ScorecardCompact scorecard={scorecardOf(7, BUSY)} />);
    const compact = screen.getByTestId('scorecard-compact');
    expect(within(compact).getByTestId('scorecard-score').textContent).toBe('59 / 100');
    expect(within(compact).getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    expect(line('interview').textContent).toBe('Interview40%');
    expect(line('proofs').textContent).toBe('Call proofs—Nothing to measure yet');
  });

  it('says "No score yet" below the minimum referrals', () => {
    render(<ScorecardCompact scorecard={scorecardOf(7, { ...NONE, referred: 9 })} />);
    expect(screen.getByTestId('scorecard-score').textContent).toBe('No score yet');
    expect(screen.getByTestId('scorecard-none').textContent).toContain('(this recruiter has made 9 referrals)');
  });
});
