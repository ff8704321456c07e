import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import { ResumeTooComplex, ResumeUnreadable } from './resume-errors';
import type { ResumeAnswer, ResumeTask } from './resume-worker';

// Resumes are read in a worker thread with a memory and a time limit of its own (issue 22, finding 5):
// a hostile file (a zip bomb past the guard, a PDF stream that inflates to gigabytes, millions of XML
// nodes) exhausts that worker, which is ended, never the API. One worker per process, one file at a
// time, so a burst of resumes takes one core and leaves the other to the API. The worker starts on the
// first resume, is never what keeps the process alive, and ends after `idleMs` without work.

export type ResumeReaderLimits = {
  /** The worker's V8 heap; past it the worker is killed (ERR_WORKER_OUT_OF_MEMORY). */
  maxOldGenerationSizeMb: number;
  /**
   * The process's resident memory growth while a file is read. The heap limit does not count the
   * buffers where pdf.js inflates a PDF's streams (a 300 kB PDF grew the process by 600 MB): past this
   * the worker is terminated. Checked every WATCH_MS, so a growing buffer may overshoot it a little.
   * Room for a legitimate read: the zip guard's 64 MB plus the worker's heap.
   */
  maxRssGrowthMb: number;
  /** From the moment the worker takes the file; past it the worker is terminated. */
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

export type ResumeReader = {
  /** The file's text. Throws ResumeUnreadable (ResumeTooComplex past a limit) when it cannot be read. */
  read(bytes: Uint8Array, mimeType: string): Promise<string>;
  close(): Promise<void>;
};

export function createResumeReader(overrides: Partial<ResumeReaderLimits> = {}): ResumeReader {
  const limits = { ...RESUME_READER_LIMITS, ...overrides };
  const worker = workerEntry();
  const pool = new Piscina<ResumeTask, ResumeAnswer>({
    filename: worker.file,
    execArgv: worker.execArgv,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: limits.idleMs,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb },
  });
  // A worker that dies with no task running reports here; unheard, the event would end the process.
  pool.on('error', (error: Error) =>
    logger.warn({ area: 'resume', error: loggedError(error) }, 'reader worker failed'),
  );

  // Files wait here, not in the pool, so that the time limit counts from the moment the worker starts.
  let queue: Promise<unknown> = Promise.resolve();
  const runOne = async (bytes: Uint8Array, mimeType: string) => {
    const stop = new AbortController();
    const end = (why: string) => stop.abort(new ResumeTooComplex(`reading it took more than ${why}`));
    const timer = setTimeout(() => end(`${limits.timeoutMs} ms`), limits.timeoutMs).unref();
    const rssAtStart = process.memoryUsage.rss();
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - rssAtStart > limits.maxRssGrowthMb * MB)
        end(`${limits.maxRssGrowthMb} MB of memory`);
    }, WATCH_MS).unref();
    let answer: ResumeAnswer;
    try {
      answer = await pool.run({ bytes, mimeType }, { signal: stop.signal });
    } catch (error) {
      throw overLimit(error as Error, limits) ?? error;
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
    }
    if ('text' in answer) return answer.text;
    throw answer.refused === 'too-complex' ? new ResumeTooComplex(answer.reason) : new ResumeUnreadable(answer.reason);
  };

  return {
    read(bytes, mimeType) {
      const next = queue.then(() => runOne(bytes, mimeType));
      queue = next.catch(() => undefined);
      return next;
    },
    close: () => pool.close({ force: true }),
  };
}

// The worker killed by its heap limit, terminated at the time limit, or gone mid-file: the file is what
// exhausted it. Anything else (the worker cannot start) is the server's fault and is not hidden as one.
function overLimit(error: Error, limits: ResumeReaderLimits): ResumeTooComplex | null {
  if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new ResumeTooComplex(`reading it took more than ${limits.maxOldGenerationSizeMb} MB of heap`);
  }
  // Piscina's AbortError carries the reason the signal was given (the time or the memory).
  if (error.name === 'AbortError' && error.cause instanceof ResumeTooComplex) return error.cause;
  if (/^worker exited with code/.test(error.message)) return new ResumeTooComplex(error.message);
  return null;
}

// From sources (vitest, `npm run dev` under tsx) the worker is resume-worker.ts beside this file and needs
// tsx to load. In the build (scripts/build.mjs) it is the entry dist/server/resume-worker.js, and this
// code sits in that folder or in its assets/ chunks. The path is built at run time: a literal
// `new URL('…', import.meta.url)` would be rewritten by Vite into an asset.
function workerEntry(): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    return { file: fileURLToPath(new URL('resume-worker.ts', here)), execArgv: ['--import', 'tsx'] };
  }
  const candidates = ['./resume-worker.js', '../resume-worker.js'].map((relative) =>
    fileURLToPath(new URL(relative, here)),
  );
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`the resume worker is missing: looked for ${candidates.join(', ')}`);
  return { file, execArgv: [] };
}

let shared: ResumeReader | undefined;

/** The file's text, read by this process's resume worker. Throws ResumeUnreadable when it cannot be read. */
export function extractResumeText(bytes: Uint8Array, mimeType: string): Promise<string> {
  shared ??= createResumeReader();
  return shared.read(bytes, mimeType);
}
