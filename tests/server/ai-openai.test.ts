import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ImproveEvent, NOTE_ASPECTS } from '#src/shared/ai-note-schemas.ts';
import { createSseParser } from '#src/shared/sse-parser.ts';
import { insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// The OpenAI-compatible engine against a local HTTP server speaking the chat-completions format:
// what the provider receives, how its streamed answer reaches the recruiter, and every way it can fail.

type Received = { headers: IncomingMessage['headers']; body: Record<string, unknown> };
type Handler = (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => void | Promise<void>;

async function startProvider(handler: Handler) {
  const received: Received[] = [];
  const closed: Promise<void>[] = [];
  const server = createServer(async (req, res) => {
    closed.push(new Promise((resolve) => res.on('close', () => resolve())));
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text) as Record<string, unknown>;
    received.push({ headers: req.headers, body });
    await handler(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    /** Resolves when the provider's answer to every request so far was closed (finished or aborted). */
    allClosed: () => Promise.all(closed),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sseHead = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
};
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\r\n\r\n`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const NOTE = 'Aminah, 5 years of Node.js at Grab, expects RM 6,500, notice 1 month. 会说中文.';
const PIECES = ['Summary: Aminah has 5 years', ' of Node.js at Grab. 她会说中文', ' — salary RM 6,500 😀.'];

/** A whole response's events, parsed with the shared SSE parser. */
async function events(res: Response): Promise<ImproveEvent[]> {
  const list: ImproveEvent[] = [];
  const parser = createSseParser((message) => list.push(JSON.parse(message.data) as ImproveEvent));
  parser.push(await res.text());
  expect(parser.end()).toBe(false);
  return list;
}

type ChatMessage = { role: string; content: string };
/** The chat messages of the nth request the provider received. */
const messagesOf = (received: Received[], n = 0) => (received[n]?.body.messages ?? []) as ChatMessage[];

const textOf = (list: ImproveEvent[]) => list.map((e) => ('text' in e ? e.text : '')).join('');

describe.each(DIALECTS)('the OpenAI-compatible note engine on %s', (dialect) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let handler: Handler;
  let headers: { authorization: string };
  let userId: number;
  let taskId: number;

  beforeEach(async () => {
    handler = (_req, res) => {
      res.writeHead(500).end();
    };
    provider = await startProvider((req, res, body) => handler(req, res, body));
    t = await createTestApp(dialect, {
      AI_BASE_URL: provider.url,
      AI_MODEL: 'test-model',
      AI_API_KEY: 'sk-test-key',
      AI_TIMEOUT_MS: '300',
    });
    const user = await t.createUser({ locale: 'ms' });
    userId = user.id;
    headers = { authorization: `Bearer ${(await t.login(user.email)).accessToken}` };
    taskId = await insertTask(t, {
      title: 'Backend Engineer',
      required_skills: JSON.stringify(['Node.js', 'PostgreSQL']),
      required_languages: JSON.stringify(['en', 'zh']),
    });
  });
  afterEach(async () => {
    await t.close();
    await provider.close();
  });

  const improve = (json: unknown = { taskId, note: NOTE }) =>
    t.request('/api/recruiter/ai/recruiter-notes/improve', { method: 'POST', json, headers });
  const analyze = (json: unknown = { taskId, note: NOTE }) =>
    t.request('/api/recruiter/ai/recruiter-notes/analyze', { method: 'POST', json, headers });
  const remaining = async () =>
    (
      await t.db
        .selectFrom('users')
        .select('remaining_ai_note_improvement')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).remaining_ai_note_improvement;

  it('streams the model’s text through, however the provider’s chunks are cut', async () => {
    handler = async (_req, res) => {
      sseHead(res);
      const bytes = Buffer.from(`: keep-alive\r\n\r\n${PIECES.map(chunk).join('')}data: [DONE]\r\n\r\n`, 'utf8');
      // Cut inside the JSON, inside a multi-byte character (the 2nd byte of 她 and of 😀) and between CR and LF.
      const text = bytes.toString('latin1');
      const cuts = [
        text.indexOf('"delta"') + 3,
        bytes.indexOf(Buffer.from('她')) + 1,
        bytes.indexOf(Buffer.from('😀')) + 2,
        text.indexOf('\r\n\r\ndata: [DONE]') + 1,
        bytes.length - 3,
      ].sort((a, b) => a - b);
      let from = 0;
      for (const cut of [...cuts, bytes.length]) {
        res.write(bytes.subarray(from, cut));
        from = cut;
        await pause(10);
      }
      res.end();
    };
    const res = await improve();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const list = await events(res);
    expect(textOf(list)).toBe(PIECES.join(''));
    expect(list.at(-1)).toEqual({ done: true, remaining: 19, engine: 'openai', advice: expect.any(Array) });
    expect(await remaining()).toBe(19);
  });

  it('sends the provider the model, stream: true, the key and a prompt with the facts-only rule', async () => {
    handler = (_req, res) => {
      sseHead(res);
      res.end(`${chunk('Ringkasan.')}data: [DONE]\n\n`);
    };
    await (
      await improve({
        taskId,
        note: NOTE,
        language: 'zh',
        // The form's facts go with the note; a contact detail slipped in is dropped by the schema.
        facts: { expectedSalary: 6500, expectedSalaryCurrency: 'MYR', languages: ['en', 'zh'], email: 'x@example.com' },
      })
    ).text();
    const [request] = provider.received;
    expect(request?.headers.authorization).toBe('Bearer sk-test-key');
    expect(request?.body).toMatchObject({ model: 'test-model', stream: true });
    const messages = messagesOf(provider.received);
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toContain('Keep every fact of the original note');
    expect(system).toContain('invent none');
    expect(system).toContain('Simplified Chinese');
    // Three sections; what is missing is shown beside the note, so the model lists no gaps in it.
    expect(system).toMatch(
      /three short sections, in this order: summary; fit to the task .*; salary and availability\./,
    );
    expect(system).toMatch(/no checklist, no "gaps"/);
    expect(system).toContain('Expected salary: 6500 MYR per month');
    expect(system).toContain('Languages spoken (ISO codes): en, zh');
    expect(system).not.toContain('x@example.com');
    expect(system).toContain('Node.js, PostgreSQL');
    expect(messages.find((m) => m.role === 'user')?.content).toBe(NOTE);
  });

  it('writes in the recruiter’s own language when the call names none', async () => {
    handler = (_req, res) => {
      sseHead(res);
      res.end('data: [DONE]\n\n');
    };
    await (await improve()).text();
    const messages = messagesOf(provider.received);
    expect(messages[0]?.content).toContain('Malay');
  });

  describe('keeps the talent’s contact details from the outside model', () => {
    const CONTACT_NOTE =
      'Aminah (aminah.binti+cv@gmail.com, +60 12-345 6789, home (03) 2345 6789) expects RM 6,500, ' +
      'range 5000-6000, free from 2026-12-01. Backup: aminah.binti+cv@gmail.com / 012-3456789.';
    const CONTACTS = ['aminah.binti+cv@gmail.com', 'gmail.com', '12-345 6789', '2345 6789', '3456789', '123456789'];
    const withoutContacts = (body: unknown) => {
      const text = JSON.stringify(body);
      for (const contact of CONTACTS) expect(text).not.toContain(contact);
    };

    it('sends placeholders for e-mails and phones, and the recruiter gets the note back with them', async () => {
      handler = async (_req, res, body) => {
        const note = ((body.messages as ChatMessage[]).find((m) => m.role === 'user')?.content ?? '').replace(
          'expects',
          '— expects',
        );
        sseHead(res);
        // The model's text cut inside a placeholder: "[pho" + "ne 1]".
        const cut = note.indexOf('[phone 1]') + 4;
        res.write(chunk(note.slice(0, cut)));
        await pause(10);
        res.end(`${chunk(note.slice(cut))}data: [DONE]\n\n`);
      };
      const res = await improve({
        taskId,
        note: CONTACT_NOTE,
        facts: { currentPosition: 'Engineer, call 012-3456789', location: 'Kuala Lumpur' },
      });
      const list = await events(res);
      const [request] = provider.received;
      withoutContacts(request?.body);
      const user = messagesOf(provider.received).find((m) => m.role === 'user')?.content;
      expect(user).toBe(
        'Aminah ([email 1], [phone 1], home [phone 2]) expects RM 6,500, range 5000-6000, free from 2026-12-01. ' +
          'Backup: [email 1] / [phone 3].',
      );
      expect(messagesOf(provider.received)[0]?.content).toContain('Current position: Engineer, call [phone 3]');
      expect(messagesOf(provider.received)[0]?.content).toContain('copy them exactly as written');
      expect(textOf(list)).toBe(CONTACT_NOTE.replace('expects', '— expects'));
    });

    it('sends the analysis none either, and restores them in its suggestions', async () => {
      handler = (_req, res) => {
        const aspects = NOTE_ASPECTS.map((aspect) => ({
          aspect,
          covered: aspect !== 'availability',
          suggestion: aspect === 'availability' ? 'Call [phone 1] to ask the notice period.' : null,
        }));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ score: 80, aspects }) } }] }));
      };
      const res = await analyze({ taskId, note: CONTACT_NOTE });
      expect(res.status).toBe(200);
      withoutContacts(provider.received[0]?.body);
      const { data } = await res.json();
      expect(data.aspects.find((a: { aspect: string }) => a.aspect === 'availability').suggestion).toBe(
        'Call +60 12-345 6789 to ask the notice period.',
      );
    });
  });

  it('ends with an error event and gives the use back when the provider answers 500', async () => {
    const res = await improve();
    expect(res.status).toBe(200);
    const list = await events(res);
    expect(list).toEqual([
      { done: true, error: { code: 'AI_PROVIDER_FAILED', message: expect.any(String) }, remaining: 20 },
    ]);
    expect(await remaining()).toBe(20);
  });

  it('ends a stream that stalls past AI_TIMEOUT_MS with an error event, keeping the use once text was sent', async () => {
    handler = (_req, res) => {
      sseHead(res);
      res.write(chunk('Summary: Aminah'));
      // …and nothing more, never ending.
    };
    const started = Date.now();
    const list = await events(await improve());
    expect(Date.now() - started).toBeLessThan(3000);
    expect(textOf(list)).toBe('Summary: Aminah');
    expect(list.at(-1)).toMatchObject({ done: true, error: { code: 'AI_PROVIDER_FAILED' }, remaining: 19 });
    expect(await remaining()).toBe(19);
    await provider.allClosed(); // the request to the provider was aborted
  });

  it('gives the use back when the provider never even answers', async () => {
    handler = () => {
      // no headers at all
    };
    const list = await events(await improve());
    expect(list).toEqual([
      { done: true, error: { code: 'AI_PROVIDER_FAILED', message: expect.any(String) }, remaining: 20 },
    ]);
    expect(await remaining()).toBe(20);
  });

  it('ends with an error event on a chunk that is not JSON or not a chat-completions chunk', async () => {
    for (const bad of ['data: {"choices": [{"delta": {"content": "Sum', 'data: {"error": {"message": "overloaded"}}']) {
      handler = (_req, res) => {
        sseHead(res);
        res.end(`${chunk('Summary')}${bad}\n\n${chunk(' more')}data: [DONE]\n\n`);
      };
      const list = await events(await improve());
      expect(textOf(list)).toBe('Summary');
      expect(list.at(-1)).toMatchObject({ done: true, error: { code: 'AI_PROVIDER_FAILED' } });
    }
  });

  it('ends with an error event when the stream is cut off before [DONE]', async () => {
    handler = (_req, res) => {
      sseHead(res);
      res.end(`${chunk('Summary')}data: {"choices":[`);
    };
    const list = await events(await improve());
    expect(textOf(list)).toBe('Summary');
    expect(list.at(-1)).toMatchObject({ done: true, error: { code: 'AI_PROVIDER_FAILED' }, remaining: 19 });
  });

  it('stops asking the provider when the recruiter goes away, and gives the use back before any text', async () => {
    handler = (_req, res) => {
      sseHead(res);
    };
    const res = await improve();
    await pause(50);
    await res.body?.cancel();
    await provider.allClosed();
    await expect.poll(remaining).toBe(20);
  });

  it('analyses a note from the model’s JSON, in the order of the checklist', async () => {
    const aspects = NOTE_ASPECTS.map((aspect) => ({
      aspect,
      covered: aspect !== 'reason',
      suggestion: aspect === 'reason' ? 'Tanya sebab mahu berpindah.' : null,
    })).reverse();
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const content = `\`\`\`json\n${JSON.stringify({ score: 85.6, aspects })}\n\`\`\``;
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    };
    const res = await analyze();
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.engine).toBe('openai');
    expect(data.score).toBe(86);
    expect(data.aspects.map((a: { aspect: string }) => a.aspect)).toEqual([...NOTE_ASPECTS]);
    expect(data.aspects.find((a: { aspect: string }) => a.aspect === 'reason')).toEqual({
      aspect: 'reason',
      covered: false,
      suggestion: 'Tanya sebab mahu berpindah.',
    });
    expect(provider.received[0]?.body).toMatchObject({ model: 'test-model', stream: false });
    const system = messagesOf(provider.received)[0]?.content;
    expect(system).toContain('invent none');
    expect(system).toContain('Malay');
    expect(await remaining()).toBe(20);
  });

  it('answers 502 AI_PROVIDER_FAILED when the analysis is malformed, fails or stalls', async () => {
    const answers: Handler[] = [
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { content: 'I think the note is fine.' } }] }));
      },
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { content: '{"score": 50, "aspects": []}' } }] }));
      },
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"choices": [');
      },
      (_req, res) => {
        res.writeHead(500).end();
      },
      () => {},
    ];
    for (const answer of answers) {
      handler = answer;
      const res = await analyze();
      expect(res.status).toBe(502);
      expect((await res.json()).error.code).toBe('AI_PROVIDER_FAILED');
    }
  });
});

describe('the OpenAI-compatible note engine without an API key (Ollama)', () => {
  it('sends no Authorization header', async () => {
    const provider = await startProvider((_req, res) => {
      sseHead(res);
      res.end(`${chunk('Hi')}data: [DONE]\n\n`);
    });
    const t = await createTestApp('sqlite', { AI_BASE_URL: `${provider.url}/`, AI_MODEL: 'llama3.1' });
    try {
      const user = await t.createUser();
      const { accessToken } = await t.login(user.email);
      const taskId = await insertTask(t);
      const res = await t.request('/api/recruiter/ai/recruiter-notes/improve', {
        method: 'POST',
        json: { taskId, note: 'Fine.' },
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(textOf(await events(res))).toBe('Hi');
      expect(provider.received[0]?.headers.authorization).toBeUndefined();
    } finally {
      await t.close();
      await provider.close();
    }
  });
});
