// @vitest-environment node
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The production dependencies carry no known high or critical advisory, unless audit-exceptions.json
// (repo root) lists it with a reason. `npm audit` asks the registry; when the registry cannot be
// reached (offline, a mirror without the audit endpoint, no answer in 60 s) the check is skipped and
// says why, instead of passing silently or failing for a reason that is not ours.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXCEPTIONS_FILE = path.join(ROOT, 'audit-exceptions.json');
const AUDIT_TIMEOUT_MS = 60_000;
const BLOCKING = new Set(['high', 'critical']);

type Via = { source?: number; name?: string; title?: string; url?: string; severity?: string; range?: string };
type AuditReport = {
  vulnerabilities?: Record<string, { name: string; severity: string; via: (Via | string)[] }>;
  error?: unknown;
  message?: string;
};
type Advisory = { id: string; package: string; severity: string; title: string; url: string };
type AuditException = { id: string; package?: string; reason: string };

/** Every high or critical advisory in an `npm audit --json` report, once each (by GHSA id or source). */
function blockingAdvisories(report: AuditReport): Advisory[] {
  const found = new Map<string, Advisory>();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via) {
      // A string names another vulnerable package: its own entry carries the advisory.
      if (typeof via === 'string' || !BLOCKING.has(via.severity ?? '')) continue;
      const id = /GHSA-[\w-]+/.exec(via.url ?? '')?.[0] ?? String(via.source ?? via.url ?? via.title);
      found.set(`${id}:${via.name ?? vulnerability.name}`, {
        id,
        package: via.name ?? vulnerability.name,
        severity: via.severity ?? 'high',
        title: via.title ?? '',
        url: via.url ?? '',
      });
    }
  }
  return [...found.values()];
}

/** The advisories no exception covers. An exception names the advisory id, and optionally the package. */
function unexcused(advisories: Advisory[], exceptions: AuditException[]): Advisory[] {
  return advisories.filter(
    (advisory) =>
      !exceptions.some((e) => e.id === advisory.id && (e.package === undefined || e.package === advisory.package)),
  );
}

function readExceptions(): AuditException[] {
  if (!existsSync(EXCEPTIONS_FILE)) return [];
  const parsed = JSON.parse(readFileSync(EXCEPTIONS_FILE, 'utf8')) as { exceptions?: AuditException[] };
  return parsed.exceptions ?? [];
}

type AuditRun = { kind: 'report'; report: AuditReport } | { kind: 'unreachable'; reason: string };

function runAudit(): Promise<AuditRun> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['audit', '--omit=dev', '--audit-level=high', '--json'],
      { cwd: ROOT, timeout: AUDIT_TIMEOUT_MS, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout) => {
        if (error && (error as { killed?: boolean }).killed) {
          resolve({ kind: 'unreachable', reason: `npm audit did not answer within ${AUDIT_TIMEOUT_MS / 1000} s` });
          return;
        }
        let report: AuditReport;
        try {
          report = JSON.parse(stdout) as AuditReport;
        } catch {
          resolve({ kind: 'unreachable', reason: `npm audit gave no report: ${String(error?.message ?? stdout)}` });
          return;
        }
        // npm exits non-zero both for findings and for a registry error; only a report has `vulnerabilities`.
        if (!report.vulnerabilities) {
          resolve({
            kind: 'unreachable',
            reason: `the registry's audit endpoint cannot be used: ${report.message ?? JSON.stringify(report.error)}`,
          });
          return;
        }
        resolve({ kind: 'report', report });
      },
    );
  });
}

describe('the dependency audit', () => {
  it('has a reason for every exception it accepts', () => {
    for (const exception of readExceptions()) {
      expect(exception.id, JSON.stringify(exception)).toMatch(/\S/);
      expect(exception.reason?.trim().length ?? 0, `${exception.id} needs a reason`).toBeGreaterThan(10);
    }
  });

  it('finds high and critical advisories in a report and lets only listed exceptions through', () => {
    const report: AuditReport = {
      vulnerabilities: {
        'left-pad': {
          name: 'left-pad',
          severity: 'critical',
          via: [
            {
              source: 1,
              name: 'left-pad',
              title: 'Prototype pollution',
              url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
              severity: 'critical',
            },
            { source: 2, name: 'left-pad', title: 'Slow regex', url: 'https://x/GHSA-low1-low2-low3', severity: 'low' },
          ],
        },
        wrapper: { name: 'wrapper', severity: 'critical', via: ['left-pad'] },
        'moderate-only': {
          name: 'moderate-only',
          severity: 'moderate',
          via: [{ source: 3, name: 'moderate-only', url: 'https://x/GHSA-mmmm-mmmm-mmmm', severity: 'moderate' }],
        },
      },
    };
    const found = blockingAdvisories(report);
    expect(found.map((a) => `${a.package} ${a.id} ${a.severity}`)).toEqual(['left-pad GHSA-aaaa-bbbb-cccc critical']);
    expect(unexcused(found, [])).toHaveLength(1);
    expect(unexcused(found, [{ id: 'GHSA-aaaa-bbbb-cccc', reason: 'Only reachable from the build script.' }])).toEqual(
      [],
    );
    expect(
      unexcused(found, [{ id: 'GHSA-aaaa-bbbb-cccc', package: 'other', reason: 'Another package.' }]),
    ).toHaveLength(1);
  });

  it('finds no high or critical advisory in the production dependencies that is not excused', async (context) => {
    const run = await runAudit();
    if (run.kind === 'unreachable') {
      context.skip(`npm audit skipped: ${run.reason}`);
      return;
    }
    const open = unexcused(blockingAdvisories(run.report), readExceptions());
    expect(
      open.map((a) => `${a.severity} ${a.package} ${a.id}: ${a.title} ${a.url}`),
      'add a fix, or an entry with a reason to audit-exceptions.json',
    ).toEqual([]);
  }, 75_000);
});
