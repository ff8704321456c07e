import type { Env } from '#src/server/env.ts';
import type { AiEngine } from './ai-engine';
import { createBuiltinEngine } from './builtin/builtin-engine';
import { createOpenAiEngine } from './openai-engine';

// Which engine answers the note calls: an OpenAI-compatible model when AI_BASE_URL and AI_MODEL are set,
// else the built-in one. Chosen by configuration alone, once per environment.
const engines = new WeakMap<Env, AiEngine>();

export function noteEngine(env: Env): AiEngine {
  let engine = engines.get(env);
  if (!engine) {
    engine =
      env.AI_BASE_URL && env.AI_MODEL
        ? createOpenAiEngine({
            baseUrl: env.AI_BASE_URL,
            model: env.AI_MODEL,
            apiKey: env.AI_API_KEY,
            timeoutMs: env.AI_TIMEOUT_MS,
          })
        : // A small delay between chunks lets users watch the note being written; tests need no wait.
          createBuiltinEngine({ chunkDelayMs: env.APP_ENV === 'test' ? 0 : 15 });
    engines.set(env, engine);
  }
  return engine;
}
