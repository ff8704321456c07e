import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import { ResumeTooComplex, ResumeUnreadable } from './resume-errors';
import type { ResumeAnswer, ResumeTask } from './resume-worker';

// Resumes are read in a child process with a memory and a time limit of its own (issue 22, finding 5):
// a hostile file (a zip bomb past the guard, a PDF stream that inflates to gigabytes, millions of XML
// nodes) exhausts that process, which is ended, never the API. A process, not a worker thread: a
// worker past its heap limit is ended only at V8's best effort, and sometimes V8 aborts the whole
// process instead (nodejs/node#47224, seen in CI). One child per process, one file at a time, so a burst
// of resumes takes one core and leaves the other to the API. The child starts on the first resume, is
// never what keeps the process alive while it waits, and ends after `idleMs` without work.

export type ResumeReaderLimits = {
  /** The child's V8 heap (--max-old-space-size); past it V8 ends the child. */
  maxOldGenerationSizeMb: number;
  /**
   * The child's resident memory growth while a file is read. The heap limit does not count the buffers
   * where pdf.js inflates a PDF's streams (a 300 kB PDF grew the process by 600 MB): past this the child
   * is killed. Checked every WATCH_MS from /proc (Linux, where the server runs), so a growing buffer may
   * overshoot it a little. Room for a legitimate read: the zip guard's 64 MB plus the child's heap.
   */
  maxRssGrowthMb: number;
  /** From the moment the child takes the file; past it the child is killed. */
  timeoutMs: number;
  idleMs: number;
};

export const RESUME_READER_LIMITS: ResumeReaderLimits = {
  maxOldGenerationSizeMb: 256,
  maxRssGrowthMb: 512,
  timeoutMs: 20_000,
  idleMs: 30_000,
};

const MB = 1024 * 1024;
const WATCH_MS = 25;
// Enough of the child's stderr to recognise V8's "Reached heap limit" and to log why it failed to start.
const STDERR_KEPT = 4096;

export type ResumeReader = {
  /** The file's text. Throws ResumeUnreadable (ResumeTooComplex past a limit) when it cannot be read. */
  read(bytes: Uint8Array, mimeType: string): Promise<string>;
  close(): Promise<void>;
};

export function createResumeReader(overrides: Partial<ResumeReaderLimits> = {}): ResumeReader {
  const limits = { ...RESUME_READER_LIMITS, ...overrides };
  const entry = childEntry();
  let child: ChildProcess | undefined;
  let stderr = '';
  let idle: NodeJS.Timeout | undefined;

  const start = () => {
    stderr = '';
    const started = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${limits.maxOldGenerationSizeMb}`],
      serialization: 'advanced', // a Uint8Array goes over as one, not as JSON
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    started.stderr?.setEncoding('utf8');
    started.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    started.on('exit', () => {
      if (child === started) child = undefined;
    });
    // Spawning failed (no such file, out of process slots): the read's own listener reports it.
    started.on('error', (error) => logger.warn({ area: 'resume', error: loggedError(error) }, 'reader process failed'));
    return started;
  };
  const rest = (idleChild: ChildProcess) => {
    idleChild.unref();
    idleChild.channel?.unref();
    (idleChild.stderr as { unref?: () => void } | null)?.unref?.();
    idle = setTimeout(() => idleChild.kill(), limits.idleMs).unref();
  };

  // Files wait here, not in the child, so that the time limit counts from the moment the child starts.
  let queue: Promise<unknown> = Promise.resolve();
  const runOne = (bytes: Uint8Array, mimeType: string) =>
    new Promise<string>((resolve, reject) => {
      clearTimeout(idle);
      const proc = child ?? start();
      child = proc;
      proc.ref();
      proc.channel?.ref();
      (proc.stderr as { ref?: () => void } | null)?.ref?.();
      let endedFor: ResumeTooComplex | undefined;
      const end = (why: string) => {
        endedFor ??= new ResumeTooComplex(`reading it took more than ${why}`);
        proc.kill('SIGKILL');
      };
      const timer = setTimeout(() => end(`${limits.timeoutMs} ms`), limits.timeoutMs);
      const rssAtStart = residentBytes(proc.pid);
      const watch = setInterval(() => {
        const rss = residentBytes(proc.pid);
        if (rss !== null && rssAtStart !== null && rss - rssAtStart > limits.maxRssGrowthMb * MB) {
          end(`${limits.maxRssGrowthMb} MB of memory`);
        }
      }, WATCH_MS);
      const settle = () => {
        clearTimeout(timer);
        clearInterval(watch);
        proc.off('message', onAnswer);
        proc.off('exit', onExit);
        proc.off('error', onError);
      };
      const onAnswer = (answer: ResumeAnswer) => {
        settle();
        rest(proc);
        if ('text' in answer) resolve(answer.text);
        else reject(answerError(answer));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        settle();
        reject(endedFor ?? exitReason(code, signal, stderr, limits));
      };
      const onError = (error: Error) => {
        settle();
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
        reject(error);
      };
      proc.on('message', onAnswer);
      proc.once('exit', onExit);
      proc.once('error', onError);
      proc.send({ bytes, mimeType } satisfies ResumeTask, (error) => {
        if (error) onError(error);
      });
    });

  return {
    read(bytes, mimeType) {
      const next = queue.then(() => runOne(bytes, mimeType));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      clearTimeout(idle);
      const last = child;
      child = undefined;
      if (!last || last.exitCode !== null || last.signalCode !== null) return;
      const gone = new Promise((resolve) => last.once('exit', resolve));
      last.kill('SIGKILL');
      await gone;
    },
  };
}

function answerError(answer: Exclude<ResumeAnswer, { text: string }>): Error {
  if ('failed' in answer) return new Error(answer.failed);
  return answer.refused === 'too-complex' ? new ResumeTooComplex(answer.reason) : new ResumeUnreadable(answer.reason);
}

// The child gone mid-file. V8 past the heap limit says so on stderr and aborts; a signal (a crash in a
// parser) is the file's doing too. An exit with a code is the child failing to start or a bug: the
// server's fault, not hidden as the file's.
function exitReason(code: number | null, signal: NodeJS.Signals | null, stderr: string, limits: ResumeReaderLimits) {
  if (/Reached heap limit|heap out of memory/.test(stderr)) {
    return new ResumeTooComplex(`reading it took more than ${limits.maxOldGenerationSizeMb} MB of heap`);
  }
  if (signal) return new ResumeTooComplex(`the reader ended on ${signal}`);
  return new Error(`the resume reader exited with code ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
}

// The child's resident memory from /proc/<pid>/status (VmRSS, in kB); null where there is no /proc
// (macOS in development): there only the heap and the time limits apply.
function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

// From sources (vitest, `npm run dev` under tsx) the child runs resume-worker.ts beside this file and
// needs tsx to load. In the build (scripts/build.mjs) it is the entry dist/server/resume-worker.js, and
// this code sits in that folder or in its assets/ chunks. The path is built at run time: a literal
// `new URL('…', import.meta.url)` would be rewritten by Vite into an asset.
function childEntry(): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    return { file: fileURLToPath(new URL('resume-worker.ts', here)), execArgv: ['--import', 'tsx'] };
  }
  const candidates = ['./resume-worker.js', '../resume-worker.js'].map((relative) =>
    fileURLToPath(new URL(relative, here)),
  );
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`the resume reader is missing: looked for ${candidates.join(', ')}`);
  return { file, execArgv: [] };
}

let shared: ResumeReader | undefined;

/** The file's text, read by this process's resume reader. Throws ResumeUnreadable when it cannot be read. */
export function extractResumeText(bytes: Uint8Array, mimeType: string): Promise<string> {
  shared ??= createResumeReader();
  return shared.read(bytes, mimeType);
}
