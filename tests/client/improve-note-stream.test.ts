import { describe, expect, it, vi } from 'vitest';
import type { AppError } from '#src/lib/app-error.ts';
import { IMPROVE_NOTE_PATH, type ImproveDone, improveNote } from '#src/lib/improve-note-stream.ts';
import type { AiNoteRequest } from '#src/shared/ai-note-schemas.ts';

// The browser's reader of the improve stream: whatever chunks the network cuts the answer into, the
// recruiter sees the same text and one end; a broken answer always reaches the error handler; an
// abort stops the request quietly.

const request: AiNoteRequest = { taskId: 7, note: 'Expects RM 6,000; 1 month notice.', language: 'zh' };
const encoder = new TextEncoder();

const TEXTS = ['总结：', '候选人期望月薪 RM 6,000，', '通知期一个月。\n', 'Fit: 5 years of React 🚀', ' — ok'];
const message = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;
const FULL_ANSWER = [
  ...TEXTS.map((text) => message({ text })),
  message({ done: true, remaining: 4, engine: 'builtin' }),
].join('');

/** A streamed 200 answer whose body is these byte chunks, one per read. */
function streamed(chunks: Uint8Array[], { close = true } = {}) {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk) controller.enqueue(chunk);
      else if (close) controller.close();
    },
  });
}

function sse(chunks: Uint8Array[] | string, options?: { close?: boolean }) {
  const bytes = typeof chunks === 'string' ? [encoder.encode(chunks)] : chunks;
  return new Response(streamed(bytes, options), { headers: { 'Content-Type': 'text/event-stream' } });
}

/** Calls improveNote with a network answering `response`; records every handler call. */
async function run(response: Response | ((init: RequestInit) => Response | Promise<Response>), signal?: AbortSignal) {
  const texts: string[] = [];
  const done: ImproveDone[] = [];
  const errors: AppError[] = [];
  const remaining: number[] = [];
  const fetch = vi.fn(async (_path: string, init: RequestInit) =>
    typeof response === 'function' ? response(init) : response,
  );
  await improveNote(request, {
    signal,
    fetch,
    onText: (chunk) => texts.push(chunk),
    onDone: (result) => done.push(result),
    onError: (error) => errors.push(error),
    onRemaining: (count) => remaining.push(count),
  });
  return { text: texts.join(''), texts, done, errors, remaining, fetch };
}

describe('the improve stream reader', () => {
  it('posts the note as JSON to the improve path and streams every text chunk, then one end', async () => {
    const result = await run(sse(FULL_ANSWER));
    const [path, init] = result.fetch.mock.calls[0] ?? [];
    expect(path).toBe(IMPROVE_NOTE_PATH);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(request);
    expect(result.texts).toEqual(TEXTS);
    expect(result.done).toEqual([{ remaining: 4, engine: 'builtin', advice: [] }]);
    expect(result.errors).toEqual([]);
  });

  it('gives the same text and one end whatever byte the answer is split at', async () => {
    const bytes = encoder.encode(FULL_ANSWER);
    for (let offset = 0; offset <= bytes.length; offset++) {
      const result = await run(sse([bytes.slice(0, offset), bytes.slice(offset)]));
      expect(result.text, `split at byte ${offset}`).toBe(TEXTS.join(''));
      expect(result.done).toHaveLength(1);
      expect(result.errors).toEqual([]);
    }
  });

  it('gives the same text when every byte comes on its own, multi-byte characters included', async () => {
    const bytes = encoder.encode(FULL_ANSWER);
    const result = await run(sse(Array.from(bytes, (byte) => Uint8Array.of(byte))));
    expect(result.text).toBe(TEXTS.join(''));
    expect(result.done).toEqual([{ remaining: 4, engine: 'builtin', advice: [] }]);
    expect(result.errors).toEqual([]);
  });

  it('calls the error handler when the stream ends before its last message, keeping the text already sent', async () => {
    const cut = TEXTS.slice(0, 2)
      .map((text) => message({ text }))
      .join('');
    for (const body of [cut, `${cut}data: {"te`]) {
      const result = await run(sse(body));
      expect(result.text).toBe(TEXTS.slice(0, 2).join(''));
      expect(result.done).toEqual([]);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]?.code).toBe('UNKNOWN_ERROR');
    }
  });

  it('calls the error handler once for a message that is not JSON or not an improve event', async () => {
    for (const bad of [
      'data: not json\n\n',
      message({ txt: 'typo' }),
      message({ text: 42 }),
      message([1, 2]),
      message({ done: true }),
      message({ done: true, remaining: 3, engine: 'someone-else' }),
      message({ done: true, remaining: 3, error: 'boom' }),
    ]) {
      const result = await run(sse(`${message({ text: 'first' })}${bad}${FULL_ANSWER}`));
      expect(result.errors, bad).toHaveLength(1);
      expect(result.done, bad).toEqual([]);
      expect(result.text).toBe('first');
    }
  });

  it('calls the error handler with the code of an error event, and reports the count it carries', async () => {
    const result = await run(
      sse(
        `${message({ text: 'Summary' })}${message({ done: true, error: { code: 'AI_PROVIDER_FAILED', message: 'The provider timed out' }, remaining: 5 })}`,
      ),
    );
    expect(result.errors.map((error) => error.code)).toEqual(['AI_PROVIDER_FAILED']);
    expect(result.remaining).toEqual([5]);
    expect(result.done).toEqual([]);
    expect(result.text).toBe('Summary');
  });

  it('turns the usage limit refusal into USAGE_LIMIT_REACHED', async () => {
    const refusal = Response.json(
      {
        success: false,
        error: {
          code: 'USAGE_LIMIT_REACHED',
          message: 'You have reached the maximum usage limit for improving recruiter notes.',
        },
      },
      { status: 403 },
    );
    const result = await run(refusal);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ code: 'USAGE_LIMIT_REACHED', status: 403 });
    expect(result.texts).toEqual([]);
  });

  it('stops the request when aborted, without calling the error handler', async () => {
    const controller = new AbortController();
    let sentSignal: AbortSignal | undefined;
    let cancelled = false;
    const texts: string[] = [];
    const onError = vi.fn();
    const onDone = vi.fn();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(encoder.encode(message({ text: 'Summary' })));
        // …and nothing more until the request is stopped.
      },
      cancel() {
        cancelled = true;
      },
    });
    const finished = improveNote(request, {
      signal: controller.signal,
      fetch: async (_path, init) => {
        sentSignal = init.signal ?? undefined;
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      },
      onText: (chunk) => {
        texts.push(chunk);
        controller.abort();
      },
      onDone,
      onError,
    });
    await finished;
    expect(texts).toEqual(['Summary']);
    expect(sentSignal?.aborted).toBe(true);
    expect(cancelled).toBe(true);
    expect(onError).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('calls nothing when aborted before the answer came', async () => {
    const controller = new AbortController();
    const result = await run((init) => {
      controller.abort();
      return Promise.reject(init.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    }, controller.signal);
    expect(result.errors).toEqual([]);
    expect(result.done).toEqual([]);
  });
});
