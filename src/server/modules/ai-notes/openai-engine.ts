import * as v from 'valibot';
import { AppError } from '#src/server/errors.ts';
import { NOTE_ASPECTS, type NoteAspectCheck } from '#src/shared/ai-note-schemas.ts';
import { readSseStream } from '#src/shared/sse-parser.ts';
import type { AiEngine } from './ai-engine';
import { analyzePrompt, improvePrompt } from './openai-prompts';
import { redactContacts } from './redact-contacts';

// The note engine on any OpenAI-compatible chat-completions endpoint (OpenAI, Azure, Ollama, vLLM,
// LM Studio). Whatever the provider does wrong (an error status, a stall, a chunk we cannot read, a
// stream cut off before `[DONE]`) ends as AI_PROVIDER_FAILED; nothing waits longer than `timeoutMs`.
// The provider is another party, often abroad: no e-mail address or phone number of the note goes to it
// (redact-contacts.ts); the answer gets them back here.

export type OpenAiEngineOptions = {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Bounds the wait for the answer's headers and every gap between its chunks. */
  timeoutMs: number;
};

const providerFailed = (detail: string) =>
  new AppError('AI_PROVIDER_FAILED', 502, `The AI provider failed (${detail}). Please try again.`);

// One streamed chunk: `choices` may be empty (Azure's content-filter chunk, a usage chunk).
const chunkSchema = v.object({
  choices: v.array(
    v.object({
      delta: v.optional(v.object({ content: v.optional(v.nullable(v.string())) })),
    }),
  ),
});

const completionSchema = v.object({
  choices: v.pipe(v.array(v.object({ message: v.object({ content: v.string() }) })), v.minLength(1)),
});

const analysisSchema = v.object({
  score: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  aspects: v.array(
    v.object({
      aspect: v.string(),
      covered: v.boolean(),
      suggestion: v.optional(v.nullable(v.string())),
    }),
  ),
});

export function createOpenAiEngine(options: OpenAiEngineOptions): AiEngine {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  // POSTs to the provider and waits (at most timeoutMs) for a 2xx answer's headers. The returned
  // controller aborts the request; the caller aborts it when done.
  async function send(payload: object, signal: AbortSignal, accept: string) {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const dispose = () => {
      signal.removeEventListener('abort', onAbort);
      controller.abort();
    };
    try {
      const response = await withTimeout(
        fetch(url, {
          method: 'POST',
          headers: { ...headers, accept },
          body: JSON.stringify({ model: options.model, ...payload }),
          signal: controller.signal,
        }).catch((error: unknown) => {
          if (signal.aborted) throw error;
          throw providerFailed('unreachable');
        }),
        options.timeoutMs,
        () => controller.abort(),
      );
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw providerFailed(`HTTP ${response.status}`);
      }
      return { response, controller, dispose };
    } catch (error) {
      dispose();
      throw error;
    }
  }

  return {
    name: 'openai',

    async analyze(request, signal) {
      const redaction = redactContacts(request);
      const { response, controller, dispose } = await send(
        { stream: false, messages: analyzePrompt(redaction.request) },
        signal,
        'application/json',
      );
      try {
        const body: unknown = await withTimeout(
          response.json().catch(() => {
            if (signal.aborted) throw signal.reason;
            throw providerFailed('not JSON');
          }),
          options.timeoutMs,
          () => controller.abort(),
        );
        const completion = v.safeParse(completionSchema, body);
        if (!completion.success) throw providerFailed('unexpected answer');
        const analysis = toAnalysis(completion.output.choices[0]?.message.content ?? '');
        return {
          ...analysis,
          aspects: analysis.aspects.map((a) => ({
            ...a,
            suggestion: a.suggestion === null ? null : redaction.restore(a.suggestion),
          })),
        };
      } finally {
        dispose();
      }
    },

    async *improve(request, signal) {
      const redaction = redactContacts(request);
      const restored = redaction.restoreStream();
      const { response, controller, dispose } = await send(
        { stream: true, messages: improvePrompt(redaction.request) },
        signal,
        'text/event-stream',
      );
      const pieces: string[] = [];
      let sawDone = false;
      let ended = false;
      let failure: unknown;
      let wake: (() => void) | undefined;
      const notify = () => {
        wake?.();
        wake = undefined;
      };
      const body = idleGuard(response.body ?? emptyStream(), options.timeoutMs, () => controller.abort());
      readSseStream(body, (message) => {
        if (sawDone) return;
        if (message.event === 'error') throw providerFailed('error event');
        if (message.event !== 'message') return;
        if (message.data === '[DONE]') {
          sawDone = true;
        } else {
          const piece = chunkText(message.data);
          if (piece) pieces.push(piece);
        }
        notify();
      }).then(
        (clean) => {
          ended = true;
          if (!sawDone) failure ??= providerFailed(clean ? 'no [DONE]' : 'cut off');
          notify();
        },
        (error: unknown) => {
          ended = true;
          if (!sawDone) failure ??= signal.aborted || error instanceof AppError ? error : providerFailed('cut off');
          notify();
        },
      );
      try {
        for (;;) {
          const piece = pieces.shift();
          if (piece !== undefined) {
            const text = restored.push(piece);
            if (text) yield text;
            continue;
          }
          if (sawDone) {
            const rest = restored.end();
            if (rest) yield rest;
            return;
          }
          if (signal.aborted) throw signal.reason;
          if (failure !== undefined) throw failure;
          if (ended) throw providerFailed('cut off');
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      } finally {
        dispose();
      }
    },
  };
}

function chunkText(data: string): string {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw providerFailed('malformed chunk');
  }
  const chunk = v.safeParse(chunkSchema, json);
  if (!chunk.success) throw providerFailed('malformed chunk');
  return chunk.output.choices[0]?.delta?.content ?? '';
}

// Models sometimes wrap the JSON in a code fence or a sentence: read the outermost object.
function toAnalysis(content: string): { score: number; aspects: NoteAspectCheck[] } {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  let json: unknown;
  try {
    json = JSON.parse(content.slice(start, end + 1));
  } catch {
    throw providerFailed('analysis not JSON');
  }
  const parsed = v.safeParse(analysisSchema, json);
  if (!parsed.success) throw providerFailed('malformed analysis');
  const aspects = NOTE_ASPECTS.map((aspect): NoteAspectCheck => {
    const found = parsed.output.aspects.find((a) => a.aspect === aspect);
    if (!found) throw providerFailed(`analysis without ${aspect}`);
    const suggestion = found.suggestion?.trim() ?? '';
    if (!found.covered && !suggestion) throw providerFailed(`no suggestion for ${aspect}`);
    return { aspect, covered: found.covered, suggestion: found.covered ? null : suggestion };
  });
  return { score: Math.round(parsed.output.score), aspects };
}

/** Rejects with AI_PROVIDER_FAILED (after calling `onTimeout`) when `promise` takes longer than `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(providerFailed('timed out'));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// The provider's body, failing when no chunk arrives within `ms` (a stalled stream).
function idleGuard(body: ReadableStream<Uint8Array>, ms: number, onIdle: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await withTimeout(reader.read(), ms, onIdle);
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

const emptyStream = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.close();
    },
  });
