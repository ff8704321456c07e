import { stringify } from 'csv-stringify/sync';
import type { FunnelAnswer } from '#src/shared/insight.ts';

// Issue 27: the funnel as a CSV file, one line per step, then the hiring companies' answers, written as the
// payments export is (payments-csv.ts): RFC 4180 with CRLF and a BOM, formula characters quoted and text
// cells guarded.
// Headers stay English: a file for spreadsheets, whatever the interface language.

export const FUNNEL_CSV_COLUMNS = [
  'Step',
  'Reached',
  'Conversion (%)',
  'Rejected',
  'Withdrawn',
  'Declined',
  'Median time',
  'Unit',
];

// A text cell starting with =, +, - or @ gets a leading ' so a spreadsheet shows it instead of running it.
const text = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const scopeName = (answer: FunnelAnswer) =>
  answer.scope.kind === 'all'
    ? 'All referrals'
    : `${answer.scope.kind} #${answer.scope.id}: ${answer.scope.label ?? ''}`;

/** "funnel-2025-12-to-2026-11.csv", or with the scope: "funnel-task-12-2025-12-to-2026-11.csv". */
export function funnelCsvFileName(answer: FunnelAnswer): string {
  const scope = answer.scope.kind === 'all' ? '' : `${answer.scope.kind}-${answer.scope.id}-`;
  return `funnel-${scope}${answer.from}-to-${answer.to}.csv`;
}

export function funnelCsv(answer: FunnelAnswer): string {
  const header = [
    ['Period', `${answer.from} to ${answer.to}`],
    ['Scope', text(scopeName(answer))],
    [],
    FUNNEL_CSV_COLUMNS,
  ];
  const rows = answer.steps.map((s) => [
    s.step,
    String(s.reached),
    s.conversion === null ? '' : (s.conversion * 100).toFixed(1),
    String(s.rejected),
    String(s.withdrawn),
    String(s.declined),
    s.median === null ? '' : String(s.median),
    s.unit ?? '',
  ]);
  // The hiring companies' answers about the SHARED referrals (issue 45), under the steps: figures of the
  // whole scope, not of a step, so they are lines of their own rather than columns.
  const { company } = answer;
  const companyLines = [
    [],
    ['Answered by the company', String(company.answered)],
    ['Company answer rate (%)', company.answerRate === null ? '' : (company.answerRate * 100).toFixed(1)],
    ['Median company answer time (hours)', company.medianAnswerHours === null ? '' : String(company.medianAnswerHours)],
    ['Shortlist for screening', String(company.answers.SHORTLIST)],
    ['Invite to interview', String(company.answers.INTERVIEW)],
    ['Not a fit', String(company.answers.NOT_A_FIT)],
  ];
  return stringify([...header, ...rows, ...companyLines], {
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[,;\t=+\-@|%]/,
  });
}
