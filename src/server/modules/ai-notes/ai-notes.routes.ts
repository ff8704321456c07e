import { Hono } from 'hono';
import type * as v from 'valibot';
import type { AppDeps, AppEnv } from '#src/server/context.ts';
import { AppError } from '#src/server/errors.ts';
import { validate } from '#src/server/validate.ts';
import { aiNoteRequestSchema, type NoteAnalysis } from '#src/shared/ai-note-schemas.ts';
import { toAppLocale } from '#src/shared/enums.ts';
import { SEED_MESSAGES } from '#src/shared/error-codes.ts';
import type { NoteRequest } from './ai-engine';
import { takeNoteImprovement } from './ai-usage';
import { improveStream } from './improve-stream';
import { noteEngine } from './note-engine';
import { loadNoteTask } from './note-task';

// `/api/recruiter/ai/recruiter-notes`: analyse and improve recruiter notes (issue 6, seed section 7).
// Analysing is free; each improvement takes one of the user's remaining uses before streaming.

async function noteRequest(
  deps: AppDeps,
  userId: number,
  body: v.InferOutput<typeof aiNoteRequestSchema>,
): Promise<NoteRequest> {
  const task = await loadNoteTask(deps.db, body.taskId);
  let language = body.language;
  if (!language) {
    const user = await deps.db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
    language = toAppLocale(user?.locale);
  }
  return { note: body.note, task, language, facts: body.facts ?? {} };
}

export const aiNoteRoutes = new Hono<AppEnv>()
  .post('/analyze', validate('json', aiNoteRequestSchema), async (c) => {
    const deps = c.get('deps');
    const user = c.get('user');
    const request = await noteRequest(deps, user.id, c.req.valid('json'));
    const engine = noteEngine(deps.env);
    const analysis = await engine.analyze(request, c.req.raw.signal);
    const data: NoteAnalysis = { engine: engine.name, ...analysis };
    return c.json({ success: true as const, data }, 200);
  })
  .post('/improve', validate('json', aiNoteRequestSchema), async (c) => {
    const deps = c.get('deps');
    const user = c.get('user');
    const request = await noteRequest(deps, user.id, c.req.valid('json'));
    const remaining = await takeNoteImprovement(deps.db, user.id);
    if (remaining === null) throw new AppError('USAGE_LIMIT_REACHED', 403, SEED_MESSAGES.usageLimit);
    const body = improveStream({
      engine: noteEngine(deps.env),
      request,
      db: deps.db,
      userId: user.id,
      remaining,
      clientSignal: c.req.raw.signal,
      idleTimeoutMs: deps.env.AI_TIMEOUT_MS + 1000,
    });
    return c.body(body, 200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Tells nginx-style proxies to pass every event on at once.
      'X-Accel-Buffering': 'no',
    });
  });
