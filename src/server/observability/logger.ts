import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'pretty';

/**
 * Keys pino blanks if a caller ever passes them: a net under the rule that log lines carry ids,
 * counts and codes, never secrets or personal data (tokens, passwords, e-mails, names, phones, bodies).
 * Top-level keys only: wildcard paths (`*.password`) made every line ~15 µs slower (measured with the
 * request line), on every request.
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'email',
  'to',
  'phone',
  'fullName',
  'name',
  'body',
  'headers',
  'query',
  'req',
];

/**
 * A logger writing one JSON object a line (pino's format: `level` as a number, `time` in ms, `msg`);
 * `pretty` writes readable lines instead (pino-pretty, a devDependency: only `npm run dev` asks for it,
 * so the production bundle never loads it). `destination` is where lines go (stdout by default; tests
 * pass their own to read them).
 */
export function createLogger(
  options: { level?: LogLevel; format?: LogFormat; destination?: DestinationStream } = {},
): Logger {
  const level = options.level ?? 'info';
  const settings = {
    level,
    base: undefined, // no pid/hostname on every line: the log system knows its source
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.format === 'pretty') return pino(settings, prettyStream());
  return pino(settings, bufferedStdout());
}

/**
 * stdout, written in blocks of up to 4 KiB instead of one write a line: under load, one system call per
 * request line was most of the line's cost. A quiet server's lines wait at most FLUSH_MS; what is left is
 * written before the process exits (flushLogs).
 * The lines are joined here before the stream takes them, a block at a time: the stream measures the
 * bytes of all it holds unwritten on every write it is given, ~2 µs a request line (bench); a string
 * joined with one more line costs nothing like that.
 *
 * A stdout that fails (its reader went away: EPIPE; or it is closed) is given up, and the server goes on
 * without logs rather than stopping: pino does so for EPIPE met while writing, and this does it for any
 * error. The write pino makes at exit (sonic-boom's flushSync) retries a failing write for ever, in a
 * loop no signal can interrupt: a server whose log reader had gone stopped on SIGTERM and never exited
 * (issue 43.11). So nothing is left for it to write: flushLogs writes first, within a time limit, and
 * then takes that write away.
 */
const FLUSH_MS = 200;
type Stdout = ReturnType<typeof pino.destination>;
const stdouts = new Set<Stdout>();

function bufferedStdout(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: BLOCK });
  batchLines(stream);
  stream.on('error', () => giveUp(stream));
  stdouts.add(stream);
  setInterval(() => {
    // flush() throws while the stream is still opening (its first milliseconds): the next tick writes.
    try {
      stream.flush();
    } catch {}
  }, FLUSH_MS).unref();
  return stream;
}

const BLOCK = 4096;

/** Lines reach the stream a block at a time; whatever flushes, ends or writes it at once takes what is held first. */
function batchLines(stream: Stdout): void {
  let held = '';
  const handOver = () => {
    if (!held) return;
    const lines = held;
    held = '';
    write(lines);
  };
  const write = stream.write.bind(stream);
  stream.write = (line: string) => {
    held += line;
    if (held.length >= BLOCK) handOver();
    return true;
  };
  for (const name of ['flush', 'flushSync', 'end'] as const) {
    const original = stream[name].bind(stream) as (...args: unknown[]) => void;
    (stream[name] as (...args: unknown[]) => void) = (...args: unknown[]) => {
      handOver();
      original(...args);
    };
  }
}

function giveUp(stream: Stdout): void {
  const nothing = () => {};
  stream.write = () => true;
  stream.flush = nothing;
  stream.flushSync = nothing;
  stream.end = nothing;
  stdouts.delete(stream);
}

/**
 * Writes the lines still buffered for stdout, waiting at most `timeoutMs`, before the process exits; after
 * it, nothing is written at exit (what could not be written by then is dropped), so the exit cannot hang
 * on a stdout nobody reads.
 */
export async function flushLogs(timeoutMs = 1000): Promise<void> {
  await Promise.all(
    [...stdouts].map(
      (stream) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          const done = () => {
            clearTimeout(timer);
            resolve();
          };
          try {
            stream.flush(done);
          } catch {
            done();
          }
        }),
    ),
  );
  for (const stream of stdouts) stream.flushSync = () => {};
}

// Loaded on demand: a synchronous stream in this thread (no worker thread, so tsx watch restarts cleanly).
function prettyStream(): DestinationStream {
  const require = createRequire(import.meta.url);
  const pretty = require('pino-pretty') as (options: object) => DestinationStream;
  // Colours follow the terminal (npm run dev passes FORCE_COLOR through its pipe). A request's fields
  // go on its one line: `GET /api/health 200 1.2 ms user 3 [request id]`.
  return pretty({
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: `pid,hostname,${INLINE.join(',')}`,
    messageFormat: (line: Record<string, unknown>, messageKey: string) => {
      const parts = line[messageKey] === 'request' ? [] : [String(line[messageKey] ?? '')];
      if (line.method !== undefined) parts.push(`${line.method} ${line.route ?? ''}`);
      if (line.status !== undefined) parts.push(String(line.status));
      if (line.ms !== undefined) parts.push(`${line.ms} ms`);
      if (line.userId !== undefined) parts.push(`user ${line.userId}`);
      if (line.requestId !== undefined) parts.push(`[${line.requestId}]`);
      return parts.join(' ');
    },
  });
}
const INLINE = ['method', 'route', 'status', 'ms', 'userId', 'requestId'];

/**
 * The process's logger. Modules log through `logger` at the time of the call (an ES module binding
 * follows setLogger), each line naming its `area`. index.ts sets it from the environment at boot;
 * before that (and in scripts) it writes JSON at LOG_LEVEL or info.
 */
export let logger: Logger = createLogger({ level: initialLevel() });

export function setLogger(next: Logger): Logger {
  const previous = logger;
  logger = next;
  return previous;
}

function initialLevel(): LogLevel {
  const level = process.env.LOG_LEVEL;
  return level === 'debug' || level === 'info' || level === 'warn' || level === 'error' || level === 'silent'
    ? level
    : 'info';
}

/**
 * An error as a log line may carry it: its class, code and stack, and a message from which any quoted
 * value is cut (a database or SMTP error quotes the value it refused: an e-mail, a name). Our own
 * messages quote nothing personal, but a driver's may.
 */
export function loggedError(error: unknown): { type: string; code?: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: redactQuoted(String(error)) };
  const code = (error as { code?: unknown }).code;
  const message = redactQuoted(error.message);
  return {
    type: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    message,
    // The stack's first line repeats the message: it goes through the same cut.
    stack: error.stack ? redactQuoted(error.stack) : undefined,
  };
}

// "…" '…' <…> (…=…) and e-mail addresses: a value a driver quotes back.
const QUOTED = /"[^"\n]*"|'[^'\n]*'|<[^>\n]*>|\([^)\n]*\)=\([^)\n]*\)|[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
export const redactQuoted = (text: string) => text.replace(QUOTED, '[redacted]');
