// @vitest-environment node
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerResponse, type HeaderList } from '#src/server/middleware/answer-headers.ts';
import { VARY as COMPRESSION_VARY } from '#src/server/middleware/compress-json.ts';
import { API_SECURITY_HEADERS, documentSecurityHeaders } from '#src/server/middleware/security-headers.ts';

// AnswerResponse (src/server/middleware/answer-headers.ts) writes the headers every answer carries in
// the answer's head, under the answer's own, whichever way the head gets written: read here off the
// wire as raw header lines, so a header sent twice shows.

// Preset lists name their headers in lower case, as ours do (security-headers.test.ts checks them).
const BASICS: HeaderList = [
  ['x-request-id', 'req-12345678'],
  ['x-frame-options', 'DENY'],
  ['cache-control', 'no-store'],
];
const VARY: HeaderList = [['vary', 'Accept-Encoding']];

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Serves one answer with `handle` on a server made with AnswerResponse; the status and raw header lines. */
async function answer(handle: (res: AnswerResponse) => void) {
  const server = createServer({ ServerResponse: AnswerResponse }, (_req, res: ServerResponse) => {
    const answerResponse = res as AnswerResponse;
    answerResponse.preset(BASICS);
    answerResponse.preset(VARY);
    handle(answerResponse);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; lines: [string, string][]; body: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      const lines: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        lines.push([res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string]);
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, lines, body }));
    })
      .on('error', reject)
      .end();
  });
}

const valuesOf = (lines: [string, string][], name: string) =>
  lines.filter(([line]) => line.toLowerCase() === name.toLowerCase()).map(([, value]) => value);

describe('AnswerResponse', () => {
  it('writes the preset headers with an answer given as an object, the answer’s own winning', async () => {
    const { status, lines, body } = await answer((res) => {
      res.writeHead(201, {
        'content-type': 'application/json',
        'cache-control': 'private, no-store',
        'content-length': 2,
      });
      res.end('{}');
    });
    expect(status).toBe(201);
    expect(body).toBe('{}');
    expect(valuesOf(lines, 'X-Request-Id')).toEqual(['req-12345678']);
    expect(valuesOf(lines, 'X-Frame-Options')).toEqual(['DENY']);
    expect(valuesOf(lines, 'Vary')).toEqual(['Accept-Encoding']);
    expect(valuesOf(lines, 'Content-Type')).toEqual(['application/json']);
    expect(valuesOf(lines, 'Cache-Control')).toEqual(['private, no-store']);
    expect(valuesOf(lines, 'Content-Length')).toEqual(['2']);
  });

  it('takes a status message and headers, and a head Node writes itself (no writeHead)', async () => {
    const withReason = await answer((res) => {
      res.writeHead(200, 'Fine', { 'Content-Type': 'text/plain' });
      res.end('ok');
    });
    expect(withReason.status).toBe(200);
    expect(valuesOf(withReason.lines, 'X-Frame-Options')).toEqual(['DENY']);
    expect(valuesOf(withReason.lines, 'Content-Type')).toEqual(['text/plain']);

    const implicit = await answer((res) => {
      res.statusCode = 404;
      res.end('gone');
    });
    expect(implicit.status).toBe(404);
    expect(valuesOf(implicit.lines, 'X-Request-Id')).toEqual(['req-12345678']);
    expect(valuesOf(implicit.lines, 'Cache-Control')).toEqual(['no-store']);
    expect(valuesOf(implicit.lines, 'Vary')).toEqual(['Accept-Encoding']);
  });

  it('lets a header set with setHeader win over a preset one, and the answer’s own over both', async () => {
    const { lines } = await answer((res) => {
      res.setHeader('x-frame-options', 'SAMEORIGIN');
      res.setHeader('Cache-Control', 'no-cache');
      res.writeHead(200, { 'Cache-Control': 'max-age=60', 'Content-Type': 'text/plain' });
      res.end('ok');
    });
    expect(valuesOf(lines, 'X-Frame-Options')).toEqual(['SAMEORIGIN']);
    expect(valuesOf(lines, 'Cache-Control')).toEqual(['max-age=60']);
    expect(valuesOf(lines, 'X-Request-Id')).toEqual(['req-12345678']);
  });

  it('keeps one value per name: a later preset list wins, and so does a header array answer', async () => {
    const later = await answer((res) => {
      res.preset([['cache-control', 'no-cache']]);
      res.end();
    });
    expect(valuesOf(later.lines, 'Cache-Control')).toEqual(['no-cache']);

    const asArray = await answer((res) => {
      res.writeHead(200, ['Cache-Control', 'max-age=5', 'Content-Type', 'text/plain']);
      res.end('ok');
    });
    expect(valuesOf(asArray.lines, 'Cache-Control')).toEqual(['max-age=5']);
    expect(valuesOf(asArray.lines, 'X-Frame-Options')).toEqual(['DENY']);
    expect(valuesOf(asArray.lines, 'Vary')).toEqual(['Accept-Encoding']);
  });

  it('refuses what Node refuses (an invalid value), and the head written then still has the presets', async () => {
    const { status, lines } = await answer((res) => {
      try {
        res.writeHead(200, { 'X-Bad': 'a\nb' });
      } catch {
        res.writeHead(500);
      }
      res.end();
    });
    expect(status).toBe(500);
    expect(valuesOf(lines, 'X-Bad')).toEqual([]);
    expect(valuesOf(lines, 'X-Request-Id')).toEqual(['req-12345678']);
    expect(valuesOf(lines, 'Vary')).toEqual(['Accept-Encoding']);
  });

  it('is given lists that name their headers in lower case, as it merges them by name as given', () => {
    const lists = [
      API_SECURITY_HEADERS,
      documentSecurityHeaders({}),
      documentSecurityHeaders({ sentryDsn: 'https://key@o1.ingest.sentry.io/1' }),
      COMPRESSION_VARY,
    ];
    for (const list of lists) for (const [name] of list) expect(name).toBe(name.toLowerCase());
  });
});
