import type { AiEngine, NoteRequest } from '#src/server/modules/ai-notes/ai-engine.ts';
import { reviewNote } from './note-analysis';
import { chunkText, composeImprovedNote } from './note-compose';

// The built-in note engine (the default; no network): deterministic analysis by keywords in English,
// Malay and Chinese (aspect-detectors.ts), and an improved note that rearranges the note's own sentences
// under headings (note-compose.ts), streamed a few words at a time.

export interface BuiltinEngineOptions {
  /** Pause between streamed chunks, so the text appears as it is "written". Default 0. */
  chunkDelayMs?: number;
}

export function createBuiltinEngine(options: BuiltinEngineOptions = {}): AiEngine {
  const chunkDelayMs = Math.max(0, options.chunkDelayMs ?? 0);
  return {
    name: 'builtin',
    async analyze(request: NoteRequest, signal: AbortSignal) {
      signal.throwIfAborted();
      const { score, aspects } = reviewNote(request);
      return { score, aspects };
    },
    improve(request: NoteRequest, signal: AbortSignal): AsyncIterable<string> {
      return streamChunks(request, signal, chunkDelayMs);
    },
  };
}

async function* streamChunks(request: NoteRequest, signal: AbortSignal, delayMs: number): AsyncGenerator<string> {
  signal.throwIfAborted();
  const chunks = chunkText(composeImprovedNote(request));
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0 && delayMs > 0) await sleep(delayMs, signal);
    signal.throwIfAborted();
    yield chunk;
  }
}

/** Waits, or rejects with the abort reason as soon as the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
