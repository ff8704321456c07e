// The rows every part of `npm run bench` hands back (tests/bench/run.mjs), the one table they are printed
// in at the end, and bench-results.json (the same rows, the machine's load and the date).
//
// A part that runs in a process of its own (bundle, throughput, lists) writes its rows with
// `writeRowsFile(rows)` to the file named by BENCH_ROWS_FILE; run.mjs reads them back with `readRowsFile`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export interface BenchRow {
  /** The part of the bench: bundle, lighthouse, throughput, memory, lists, outbox. */
  section: string;
  name: string;
  /** null when the figure could not be measured (say why in `note`). */
  value: number | null;
  unit: string;
  /** The figure it is compared with, measured in the same run (the framework floor, the bare handler...). */
  baseline?: number | null;
  /** value / baseline, or whatever ratio the target is about. */
  ratio?: number | null;
  /** The target in words: "≤ 1.3× floor", "< 50 ms", "≥ 0.6× bare", "0". */
  target?: string;
  /** true: target met; false: missed; null/absent: printed, not judged. */
  ok?: boolean | null;
  note?: string;
}

/** A ratio rounded for reading and for the JSON (4 significant digits are plenty). */
export const ratioOf = (value: number | null | undefined, baseline: number | null | undefined): number | null =>
  value === null || value === undefined || !baseline ? null : Number((value / baseline).toPrecision(4));

export function writeRowsFile(rows: BenchRow[], file = process.env.BENCH_ROWS_FILE): void {
  if (file) writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
}

export function readRowsFile(file: string): BenchRow[] {
  if (!existsSync(file)) return [];
  const rows = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return Array.isArray(rows) ? (rows as BenchRow[]) : [];
}

const number = (value: number | null | undefined): string => {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const size = Math.abs(value);
  if (Number.isInteger(value) || size >= 1000) return Math.round(value).toLocaleString('en');
  if (size >= 100) return value.toFixed(0);
  if (size >= 10) return value.toFixed(1);
  return value.toFixed(2);
};

const verdictOf = (row: BenchRow): string => {
  if (row.ok === true) return 'ok';
  if (row.ok === false) return 'MISSED';
  return '';
};

/** One table of every row: section, name, value, baseline, ratio, target, verdict (notes under it). */
export function formatTable(rows: BenchRow[]): string {
  const header = ['section', 'name', 'value', 'baseline', 'ratio', 'target', 'verdict'];
  const cells = rows.map((row) => [
    row.section,
    row.name,
    row.value === null ? 'n/a' : `${number(row.value)} ${row.unit}`.trim(),
    row.baseline === null || row.baseline === undefined ? '' : `${number(row.baseline)} ${row.unit}`.trim(),
    row.ratio === null || row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
    row.target ?? '',
    verdictOf(row),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]?.length ?? 0)),
  );
  const numeric = new Set([2, 3, 4]);
  const render = (line: string[]) =>
    line
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const lines = [render(header), render(widths.map((width) => '-'.repeat(width)))];
  let section = '';
  for (const [index, line] of cells.entries()) {
    const row = rows[index] as BenchRow;
    if (section && row.section !== section) lines.push('');
    section = row.section;
    lines.push(render(line));
  }
  const notes = rows.filter((row) => row.note);
  if (notes.length > 0) {
    lines.push('', 'Notes:');
    for (const row of notes) lines.push(`  ${row.section} / ${row.name}: ${row.note}`);
  }
  const missed = rows.filter((row) => row.ok === false).length;
  const judged = rows.filter((row) => row.ok === true || row.ok === false).length;
  lines.push('', `${judged - missed} of ${judged} targets met${missed ? `; ${missed} MISSED` : ''}.`);
  return lines.join('\n');
}

/** bench-results.json: the rows, with what the machine was doing and when. */
export function writeResults(
  file: string,
  rows: BenchRow[],
  extra: { sections: string[]; failures: string[]; startedAt: Date },
): void {
  const result = {
    date: new Date().toISOString(),
    startedAt: extra.startedAt.toISOString(),
    machine: {
      loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? null,
      memoryBytes: totalmem(),
      node: process.version,
    },
    sections: extra.sections,
    failures: extra.failures,
    rows,
  };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
}
