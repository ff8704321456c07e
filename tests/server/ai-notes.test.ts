import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ImproveEvent, NOTE_ASPECTS, type NoteAnalysis } from '#src/shared/ai-note-schemas.ts';
import { SEED_MESSAGES } from '#src/shared/error-codes.ts';
import { createSseParser } from '#src/shared/sse-parser.ts';
import { createReferral, signIn } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// The AI note calls with the built-in engine (the default): who may call them, the usage limit under
// concurrency, the streamed answer, and saving the note on a referral.

const NOTE =
  'Aminah Binti Yusof, 5 years of Node.js and PostgreSQL at Grab. Current salary RM 5,800, expects RM 6,500. ' +
  'Notice period 1 month. Wants to move for career growth. Speaks English and Mandarin; clear on the call. ' +
  'Lives in Petaling Jaya.';

async function events(res: Response): Promise<ImproveEvent[]> {
  const list: ImproveEvent[] = [];
  const parser = createSseParser((message) => list.push(JSON.parse(message.data) as ImproveEvent));
  parser.push(await res.text());
  expect(parser.end()).toBe(false);
  return list;
}

describe.each(DIALECTS)('AI note calls on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (call: 'analyze' | 'improve', json: unknown, headers: Record<string, string> = {}) =>
    t.request(`/api/recruiter/ai/recruiter-notes/${call}`, { method: 'POST', json, headers });
  const putNote = (referralId: number, json: unknown, headers: Record<string, string> = {}) =>
    t.request(`/api/recruiter/talent-task/${referralId}/note`, { method: 'PUT', json, headers });
  const remaining = async (userId: number) =>
    (
      await t.db
        .selectFrom('users')
        .select('remaining_ai_note_improvement')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).remaining_ai_note_improvement;
  const setRemaining = (userId: number, value: number) =>
    t.db.updateTable('users').set({ remaining_ai_note_improvement: value }).where('id', '=', userId).execute();
  const taskWithNeeds = () =>
    insertTask(t, {
      title: 'Backend Engineer',
      required_skills: JSON.stringify(['Node.js', 'PostgreSQL']),
      required_languages: JSON.stringify(['en', 'zh']),
    });

  it('lets only logged-in recruiters analyse, improve and save notes', async () => {
    const taskId = await taskWithNeeds();
    const recruiter = await signIn(t);
    const admin = await signIn(t, { roles: ['ROLE_ADMIN'] });
    const referral = await createReferral(t, recruiter.id, { taskId });
    const body = { taskId, note: NOTE };

    for (const headers of [{}, admin.headers]) {
      const status = 'authorization' in headers ? 403 : 401;
      expect((await post('analyze', body, headers)).status).toBe(status);
      expect((await post('improve', body, headers)).status).toBe(status);
      expect((await putNote(referral.id, { note: 'x' }, headers)).status).toBe(status);
    }
    expect(await remaining(admin.id)).toBe(20);

    expect((await post('analyze', body, recruiter.headers)).status).toBe(200);
    const improved = await post('improve', body, recruiter.headers);
    expect(improved.status).toBe(200);
    await improved.text();
    expect((await putNote(referral.id, { note: 'x' }, recruiter.headers)).status).toBe(200);
  });

  it('analyses a note for free, aspect by aspect in the checklist’s order', async () => {
    const taskId = await taskWithNeeds();
    const me = await signIn(t);
    const res = await post('analyze', { taskId, note: NOTE }, me.headers);
    expect(res.status).toBe(200);
    const { success, data } = await res.json();
    expect(success).toBe(true);
    expect(data.engine).toBe('builtin');
    expect(data.score).toBeGreaterThanOrEqual(0);
    expect(data.score).toBeLessThanOrEqual(100);
    expect(data.aspects.map((a: { aspect: string }) => a.aspect)).toEqual([...NOTE_ASPECTS]);
    for (const aspect of data.aspects) {
      expect(aspect.suggestion === null).toBe(aspect.covered);
    }
    expect(await remaining(me.id)).toBe(20);
  });

  it('answers 404 for an unknown task and 400 for a missing note, taking no use', async () => {
    const me = await signIn(t);
    const taskId = await taskWithNeeds();
    for (const call of ['analyze', 'improve'] as const) {
      const unknown = await post(call, { taskId: taskId + 100, note: NOTE }, me.headers);
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).error.code).toBe('NOT_FOUND');
      const invalid = await post(call, { taskId, note: '   ' }, me.headers);
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).error.fields).toHaveProperty('note');
    }
    expect(await remaining(me.id)).toBe(20);
  });

  it('streams the improved note as text events, then done with the count left', async () => {
    const taskId = await taskWithNeeds();
    const me = await signIn(t);
    const res = await post('improve', { taskId, note: NOTE, language: 'en' }, me.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const list = await events(res);
    const texts = list.slice(0, -1);
    expect(texts.length).toBeGreaterThan(0);
    for (const event of texts) expect(event).toEqual({ text: expect.any(String) });
    const improved = texts.map((e) => ('text' in e ? e.text : '')).join('');
    for (const fact of ['Aminah Binti Yusof', '5 years', 'RM 5,800', 'RM 6,500', '1 month']) {
      expect(improved).toContain(fact);
    }
    expect(list.at(-1)).toEqual({ done: true, remaining: 19, engine: 'builtin', advice: expect.any(Array) });
    expect(await remaining(me.id)).toBe(19);
  });

  it('takes the form’s facts: salary and languages are not "missing", and gaps stay beside the note', async () => {
    const taskId = await taskWithNeeds();
    const me = await signIn(t);
    const note = 'Current salary RM 5,800. 5 years of Node.js and PostgreSQL. Notice period 1 month.';
    const facts = {
      expectedSalary: 6500,
      expectedSalaryCurrency: 'MYR',
      languages: ['en', 'zh'],
      location: 'Petaling Jaya',
    };
    const gapsOf = async (body: unknown) =>
      ((await (await post('analyze', body, me.headers)).json()).data as NoteAnalysis).aspects
        .filter((aspect) => !aspect.covered)
        .map((aspect) => aspect.aspect);
    expect(await gapsOf({ taskId, note, language: 'en' })).toEqual(
      expect.arrayContaining(['salary', 'languages', 'location']),
    );
    const withFacts = await gapsOf({ taskId, note, language: 'en', facts });
    expect(withFacts).not.toContain('salary');
    expect(withFacts).not.toContain('languages');
    expect(withFacts).not.toContain('location');

    const list = await events(await post('improve', { taskId, note, language: 'en', facts }, me.headers));
    const improved = list.map((e) => ('text' in e ? e.text : '')).join('');
    expect(improved).not.toContain('Gaps to confirm');
    expect(improved).not.toMatch(/^- Confirm/m);
    const done = list.at(-1) as { advice: string[] };
    expect(done.advice.length).toBeGreaterThan(0);
    expect(done.advice.join('\n')).not.toMatch(/salary|speak|Kuala Lumpur/);
    for (const line of done.advice) expect(improved).not.toContain(line);

    // Facts are checked at the edge.
    const bad = await post(
      'analyze',
      { taskId, note, facts: { expectedSalary: 'lots', languages: ['xx'] } },
      me.headers,
    );
    expect(bad.status).toBe(400);
  });

  it('refuses an improvement at 0 uses left with the seed’s message, streaming nothing', async () => {
    const taskId = await taskWithNeeds();
    const me = await signIn(t);
    await setRemaining(me.id, 0);
    const res = await post('improve', { taskId, note: NOTE }, me.headers);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'USAGE_LIMIT_REACHED', message: SEED_MESSAGES.usageLimit });
    expect(await remaining(me.id)).toBe(0);
  });

  it('lets exactly one of 8 simultaneous improvements through when one use is left', async () => {
    const taskId = await taskWithNeeds();
    const me = await signIn(t);
    await setRemaining(me.id, 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post('improve', { taskId, note: NOTE }, me.headers)),
    );
    const streamed = answers.filter((res) => res.status === 200);
    const refused = answers.filter((res) => res.status === 403);
    expect(streamed).toHaveLength(1);
    expect(refused).toHaveLength(7);
    for (const res of refused) expect((await res.json()).error.code).toBe('USAGE_LIMIT_REACHED');
    const list = await events(streamed[0] as Response);
    expect(list.at(-1)).toEqual({ done: true, remaining: 0, engine: 'builtin', advice: expect.any(Array) });
    expect(await remaining(me.id)).toBe(0);
  });

  it('passes an improvement without Idempotency-Key through, storing no key', async () => {
    const taskId = await taskWithNeeds();
    const me = await signIn(t);
    await (await post('improve', { taskId, note: NOTE }, me.headers)).text();
    const keys = await t.db.selectFrom('idempotency_keys').select('key').execute();
    expect(keys).toEqual([]);
  });

  it('writes in the recruiter’s preferred language unless the call names one', async () => {
    const taskId = await taskWithNeeds();
    const me = await signIn(t, { locale: 'zh' });
    const note = 'Good person.'; // covers almost nothing: every gap has a suggestion
    const analysis = async (language?: string) =>
      (await (await post('analyze', { taskId, note, ...(language ? { language } : {}) }, me.headers)).json()).data;
    const byDefault = await analysis();
    expect(byDefault).toEqual(await analysis('zh'));
    expect(byDefault).not.toEqual(await analysis('en'));

    const improved = async (language?: string) => {
      const list = await events(await post('improve', { taskId, note, ...(language ? { language } : {}) }, me.headers));
      return list.map((e) => ('text' in e ? e.text : '')).join('');
    };
    const improvedByDefault = await improved();
    expect(improvedByDefault).toBe(await improved('zh'));
    expect(improvedByDefault).not.toBe(await improved('en'));
  });

  describe('saving the note on a referral', () => {
    const noteOf = async (id: number) =>
      (await t.db.selectFrom('referrals').select('recruiter_note').where('id', '=', id).executeTakeFirstOrThrow())
        .recruiter_note;

    it('saves the recruiter’s note, trimmed, and clears it with an empty one', async () => {
      const me = await signIn(t);
      const referral = await createReferral(t, me.id);
      const saved = await putNote(referral.id, { note: '  Improved note.  ' }, me.headers);
      expect(saved.status).toBe(200);
      expect(await saved.json()).toEqual({ success: true, data: { recruiterNote: 'Improved note.' } });
      const detail = await (
        await t.request(`/api/recruiter/talent-task/${referral.id}`, { headers: me.headers })
      ).json();
      expect(detail.data.recruiterNote).toBe('Improved note.');

      const cleared = await putNote(referral.id, { note: '' }, me.headers);
      expect(await cleared.json()).toEqual({ success: true, data: { recruiterNote: null } });
      expect(await noteOf(referral.id)).toBeNull();
    });

    it('records who edited the note and when in the referral’s history, once per real change', async () => {
      const me = await signIn(t);
      const referral = await createReferral(t, me.id);
      const edits = async () =>
        t.db
          .selectFrom('referral_history')
          .select(['actor_id', 'created_at'])
          .where('referral_id', '=', referral.id)
          .where('action', '=', 'NOTE_EDITED')
          .execute();
      await putNote(referral.id, { note: 'Improved note.' }, me.headers);
      // The same text again (a retried save) is no new edit.
      await putNote(referral.id, { note: 'Improved note. ' }, me.headers);
      expect(await edits()).toEqual([{ actor_id: me.id, created_at: t.clock.now().toISOString() }]);
      t.clock.advance(60_000);
      await putNote(referral.id, { note: '' }, me.headers);
      expect(await edits()).toHaveLength(2);
      const detail = await (
        await t.request(`/api/recruiter/talent-task/${referral.id}`, { headers: me.headers })
      ).json();
      expect(detail.data.history.at(-1)).toMatchObject({ action: 'NOTE_EDITED' });
    });

    it('answers 404 for another recruiter’s referral and leaves its note alone', async () => {
      const me = await signIn(t);
      const other = await signIn(t);
      const theirs = await createReferral(t, other.id);
      const res = await putNote(theirs.id, { note: 'Mine now.' }, me.headers);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
      expect(await noteOf(theirs.id)).toBe('Strong Node.js background.');
      expect((await putNote(theirs.id + 100, { note: 'x' }, me.headers)).status).toBe(404);
    });

    it('refuses a note over the length limit', async () => {
      const me = await signIn(t);
      const referral = await createReferral(t, me.id);
      const res = await putNote(referral.id, { note: 'x'.repeat(4001) }, me.headers);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields.note).toBe('field_too_long');
    });
  });
});

describe.each(DIALECTS)('an AI provider failing before any text on %s', (dialect) => {
  it('gives the improvement’s use back and says so in the error event', async () => {
    const provider = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    const t = await createTestApp(dialect, { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'test-model' });
    try {
      const me = await signIn(t);
      const taskId = await insertTask(t);
      const res = await t.request('/api/recruiter/ai/recruiter-notes/improve', {
        method: 'POST',
        json: { taskId, note: NOTE },
        headers: me.headers,
      });
      expect(res.status).toBe(200);
      expect(await events(res)).toEqual([
        { done: true, error: { code: 'AI_PROVIDER_FAILED', message: expect.any(String) }, remaining: 20 },
      ]);
      const row = await t.db
        .selectFrom('users')
        .select('remaining_ai_note_improvement')
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(row.remaining_ai_note_improvement).toBe(20);
    } finally {
      await t.close();
      await new Promise<void>((resolve) => provider.close(() => resolve()));
    }
  });
});
