// @vitest-environment node
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressJson } from '#src/server/middleware/compress-json.ts';

const big = {
  items: Array.from({ length: 200 }, (_, id) => ({ id, title: `Task ${id}`, company: 'Kedai Kopi Sdn Bhd' })),
};
const app = new Hono()
  .use('*', compressJson)
  .get('/big', (c) => c.json(big))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/created', (c) => c.json(big, 201))
  .get('/stream', (c) => c.body('data: '.padEnd(4000, 'x'), 200, { 'Content-Type': 'text/event-stream' }));

const get = (path: string, encoding?: string) =>
  app.request(path, { headers: encoding === undefined ? {} : { 'Accept-Encoding': encoding } });

describe('JSON answers compressed', () => {
  it('in brotli when the client takes it, the same JSON once unpacked', async () => {
    const res = await get('/big', 'gzip, deflate, br');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const packed = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(packed.length);
    expect(packed.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(brotliDecompressSync(packed).toString())).toEqual(big);
  });

  it('in gzip when that is all it takes, keeping the status', async () => {
    const res = await get('/created', 'gzip');
    expect(res.status).toBe(201);
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
  });

  it('as they are without Accept-Encoding, for a small body, and for streams', async () => {
    const plain = await get('/big');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(await plain.json()).toEqual(big);
    const small = await get('/small', 'br');
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const stream = await get('/stream', 'br');
    expect(stream.headers.get('Content-Encoding')).toBeNull();
    expect((await stream.text()).length).toBe(4000);
  });

  it('reads Accept-Encoding with its q-values', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0.5, br;q=0.8')).toBe('br');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
