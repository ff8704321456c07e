import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReferralHistoryList } from '#src/components/history/referral-history-list.tsx';
import { getLocale, overwriteGetLocale } from '#src/paraglide/runtime.js';
import type { HistoryEntry } from '#src/shared/recruiter-types.ts';

const english = getLocale;
afterEach(() => {
  cleanup();
  overwriteGetLocale(english);
});

// Every action the server writes into a referral's history, with the values it writes (talent.service,
// talent-link-mail, consent-withdrawal, call-proofs, call-proof-review, hiring-status, reward-decision).
const WRITTEN: [string, string | null, string | null][] = [
  ['REFERRED', null, 'SUBMITTED'],
  ['CONSENT_SENT', null, 'PENDING'],
  ['CONSENT_RESENT', null, 'PENDING'],
  ['CONSENT_CHANGED', 'PENDING', 'CONFIRMED'],
  ['CONSENT_CHANGED', 'CONFIRMED', 'DECLINED'],
  ['ITA_SENT', 'NOT_SENT', 'SENT'],
  ['ITA_CHANGED', 'SENT', 'CONFIRMED'],
  ['NOTE_EDITED', null, null],
  ['CALL_PROOF_ADDED', null, 'NEED_REVIEW'],
  ['CALL_PROOF_DELETED', 'NEED_REVIEW', null],
  ['CALL_PROOF_REVIEWED', 'NEED_REVIEW', 'ACCEPTED'],
  ['HIRING_CHANGED', 'SUBMITTED', 'SCREENING'],
  ['REWARD_CHANGED', null, 'APPROVED'],
  ['REWARD_CHANGED', 'APPROVED', 'PENDING_PAYMENT'],
];

const entries: HistoryEntry[] = WRITTEN.map(([action, fromValue, toValue], index) => ({
  id: index + 1,
  action,
  fromValue,
  toValue,
  note: null,
  actorKind: 'RECRUITER',
  actorName: 'Rina Tan',
  createdAt: '2026-11-26T09:52:00.000Z',
}));

describe('a referral’s history', () => {
  it.each(['en', 'ms', 'zh'] as const)('names every action and state in %s, never by its code', (locale) => {
    overwriteGetLocale(() => locale);
    render(<ReferralHistoryList entries={entries} actor={(entry) => entry.actorName ?? ''} testId="history" />);
    const lines = screen.getAllByTestId('history-entry').map((item) => item.querySelector('p')?.textContent ?? '');
    expect(lines).toHaveLength(WRITTEN.length);
    const codes = new Set(WRITTEN.flat().filter(Boolean));
    const code = new RegExp(`(^|[^A-Za-z_])(${[...codes].join('|')})($|[^A-Za-z_])`);
    for (const line of lines) expect(line, line).not.toMatch(code);
  });

  // Issue 42.6: a withdrawal (CONFIRMED → DECLINED, the only way a given consent ends) is not a refusal.
  it('reads a withdrawal as "Consent withdrawn", a refusal as declined', () => {
    const answers = entries.filter((entry) => entry.action === 'CONSENT_CHANGED');
    const refusal = { ...(answers[0] as HistoryEntry), id: 99, toValue: 'DECLINED' };
    render(<ReferralHistoryList entries={[...answers, refusal]} actor={() => 'Talent'} testId="history" />);
    const lines = screen.getAllByTestId('history-entry').map((item) => item.querySelector('p')?.textContent);
    expect(lines).toEqual([
      'Consent changed: Consent pending → Consent declined',
      'Consent changed: Consent confirmed → Consent withdrawn',
      'Consent changed: Consent pending → Consent confirmed',
    ]);
  });

  it('reads the first steps in Malay', () => {
    overwriteGetLocale(() => 'ms');
    render(<ReferralHistoryList entries={entries.slice(0, 2)} actor={() => 'Rina Tan'} testId="history" />);
    const lines = screen.getAllByTestId('history-entry').map((item) => item.querySelector('p')?.textContent);
    expect(lines).toEqual(['E-mel persetujuan dihantar: Menunggu persetujuan', 'Dirujuk kepada tugasan: Dihantar']);
  });
});
