import type { DB } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import type { ImproveEvent } from '#src/shared/ai-note-schemas.ts';
import { SEED_MESSAGES } from '#src/shared/error-codes.ts';
import type { AiEngine, NoteRequest } from './ai-engine';
import { returnNoteImprovement } from './ai-usage';
import { noteAdvice } from './builtin/note-compose';

// The body of an improve answer: the engine's text as server-sent events, then one final event. The use
// was taken before; it is given back when the call ends before any text reached the client (the engine
// failed or stalled, or the client went away), and kept once text was sent.

export type ImproveStreamOptions = {
  engine: AiEngine;
  request: NoteRequest;
  db: DB;
  userId: number;
  /** The user's count after this call's use was taken. */
  remaining: number;
  /** Aborts when the client disconnects. */
  clientSignal: AbortSignal;
  /** No engine may stay silent longer than this (the OpenAI engine times out on its own first). */
  idleTimeoutMs: number;
};

export function improveStream(options: ImproveStreamOptions): ReadableStream<Uint8Array> {
  const { engine, request, db, userId, clientSignal } = options;
  const encoder = new TextEncoder();
  const abort = new AbortController();
  let gone = false; // the client disconnected
  const onGone = () => {
    gone = true;
    abort.abort(new DOMException('The client disconnected.', 'AbortError'));
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (clientSignal.aborted) onGone();
      else clientSignal.addEventListener('abort', onGone, { once: true });
      const send = (event: ImproveEvent) => {
        if (gone) return;
        try {
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        } catch {
          gone = true; // the stream was cancelled meanwhile
        }
      };
      void run(send).finally(() => {
        clientSignal.removeEventListener('abort', onGone);
        try {
          controller.close();
        } catch {
          // already cancelled by the client
        }
      });
    },
    cancel() {
      onGone();
    },
  });

  async function run(send: (event: ImproveEvent) => void): Promise<void> {
    let sentText = false;
    const iterator = engine.improve(request, abort.signal)[Symbol.asyncIterator]();
    try {
      for (;;) {
        const step = await idle(iterator.next(), options.idleTimeoutMs, () => abort.abort());
        if (step.done || gone) break;
        if (!step.value) continue;
        send({ text: step.value });
        sentText = true;
      }
      if (gone) {
        if (!sentText) await giveBack();
        return;
      }
      // What is still to confirm goes beside the note, never into it (the built-in checklist, which
      // knows the form's facts, words it for either engine).
      send({ done: true, remaining: options.remaining, engine: engine.name, advice: noteAdvice(request) });
    } catch (error) {
      const remaining = sentText ? options.remaining : await giveBack();
      if (gone) return;
      if (!(error instanceof AppError))
        logger.error({ area: 'ai-notes', engine: engine.name, error: loggedError(error) }, 'improve failed');
      const known = error instanceof AppError;
      send({
        done: true,
        error: { code: known ? error.code : 'INTERNAL_ERROR', message: known ? error.message : SEED_MESSAGES.generic },
        remaining,
      });
    } finally {
      abort.abort();
      // Not awaited: an engine that ignores its signal must not hold the request open.
      iterator.return?.().catch(() => {});
    }
  }

  async function giveBack(): Promise<number> {
    try {
      return await returnNoteImprovement(db, userId);
    } catch (error) {
      logger.error({ area: 'ai-notes', error: loggedError(error) }, 'a use could not be given back');
      return options.remaining;
    }
  }
}

function idle<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new AppError('AI_PROVIDER_FAILED', 502, 'The AI assistant took too long to answer. Please try again.'));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
