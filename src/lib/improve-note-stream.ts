import { AI_ENGINES, type AiEngineName, type AiNoteRequest, type ImproveEvent } from '#src/shared/ai-note-schemas.ts';
import { readSseStream } from '#src/shared/sse-parser.ts';
import { apiFetch } from './api-client';
import { AppError, asAppError, toAppError } from './app-error';

// The improve call of the AI note helper (issue 6): `POST /api/recruiter/ai/recruiter-notes/improve`
// answers server-sent events over fetch (not EventSource, so the bearer token stays in the header and a
// 401 is refreshed and replayed by apiFetch). Every message is an ImproveEvent; the stream ends after
// the one with `done: true`.

export const IMPROVE_NOTE_PATH = '/api/recruiter/ai/recruiter-notes/improve';

/**
 * HTTP status of the AppErrors raised after the answer started streaming (an error event, a cut-off
 * stream, an unparsable message): the answer itself was a 200. The UI shows the generic message for them.
 */
export const STREAM_ERROR_STATUS = 200;

/** `advice`: what is still to confirm with the talent, shown beside the note, never part of it. */
export type ImproveDone = { remaining: number; engine: AiEngineName; advice: string[] };

export type ImproveHandlers = {
  signal?: AbortSignal;
  onText(chunk: string): void;
  onDone(done: ImproveDone): void;
  onError(error: AppError): void;
  /** The count the server reported with an error event (a use given back when no text was sent). */
  onRemaining?(remaining: number): void;
  /** The network; defaults to apiFetch (bearer header, refresh and replay on 401). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The ImproveEvent a message's data holds, or null when it is not one (not JSON, or another shape). */
export function parseImproveEvent(data: string): ImproveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  if (value.done === true) {
    if (!isCount(value.remaining)) return null;
    if ('error' in value) {
      const error = value.error;
      if (!isRecord(error) || typeof error.code !== 'string' || typeof error.message !== 'string') return null;
      return { done: true, error: { code: error.code, message: error.message }, remaining: value.remaining };
    }
    if (!AI_ENGINES.includes(value.engine as AiEngineName)) return null;
    const advice = Array.isArray(value.advice) ? value.advice.filter((line) => typeof line === 'string') : [];
    return { done: true, remaining: value.remaining, engine: value.engine as AiEngineName, advice };
  }
  if ((value.done === undefined || value.done === false) && typeof value.text === 'string') {
    return { text: value.text };
  }
  return null;
}

const streamError = (message: string, code: AppError['code'] = 'UNKNOWN_ERROR') =>
  new AppError(code, STREAM_ERROR_STATUS, message);

/**
 * Sends the note to be improved and reads the streamed answer: `onText` for every chunk as it comes,
 * then `onDone` once. A refusal (4xx/5xx: validation, the usage limit, an unknown task), an error event,
 * a stream cut before its end or a message that is not an ImproveEvent calls `onError` once instead.
 * Aborting the signal stops the request and calls neither. The promise settles when all is over.
 */
export async function improveNote(body: AiNoteRequest, handlers: ImproveHandlers): Promise<void> {
  const { signal } = handlers;
  const send = handlers.fetch ?? apiFetch;
  let finished = false;
  const fail = (error: AppError) => {
    if (finished || signal?.aborted) return;
    finished = true;
    handlers.onError(error);
  };

  let response: Response;
  try {
    response = await send(IMPROVE_NOTE_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    fail(asAppError(error));
    return;
  }
  if (!response.ok) {
    fail(await toAppError(response));
    return;
  }
  if (!response.body) {
    fail(streamError('The answer has no body'));
    return;
  }

  // Reading stops at once when the caller aborts (even where a body does not notice the abort by
  // itself) or when a message is unparsable: the pipe then cancels the answer's body.
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const stream = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(), { signal: stop.signal });
  try {
    await readSseStream(stream, (message) => {
      if (finished || stop.signal.aborted) return;
      const event = parseImproveEvent(message.data);
      if (!event) {
        fail(streamError('The answer holds a message that is not an improve event'));
        stop.abort();
        return;
      }
      if (!event.done) {
        handlers.onText(event.text);
        return;
      }
      if ('error' in event) {
        handlers.onRemaining?.(event.remaining);
        fail(streamError(event.error.message, event.error.code as AppError['code']));
        return;
      }
      finished = true;
      handlers.onDone({ remaining: event.remaining, engine: event.engine, advice: event.advice ?? [] });
    });
  } catch (error) {
    // A network failure in the middle of the stream is a cut-off; an abort is not an error.
    fail(streamError(error instanceof Error ? error.message : String(error)));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (!finished) fail(streamError('The stream ended before its last message'));
}
