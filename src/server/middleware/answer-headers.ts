import { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import type { Context } from 'hono';

export type HeaderList = readonly (readonly [name: string, value: string])[];

/**
 * Node's response as the server makes it (index.ts hands it to @hono/node-server as
 * `serverOptions.ServerResponse`). It holds the headers setAnswerHeaders gives it and writes them with
 * the answer's own in the one writeHead @hono/node-server makes (Node calls writeHead too when an
 * answer starts without one), the answer's own winning, as does any header set with setHeader. Set
 * one by one with setHeader, Node validated, lower-cased and stored each, then merged the answer's
 * into them: 8 headers on every call, ~3 µs of a small call's CPU (bench); in one header object Node
 * checks each once as it writes it. Not for the headers that frame the body (Content-Length,
 * Transfer-Encoding): Node and @hono/node-server look those up with hasHeader before writing.
 * Preset lists name their headers in lower case (as HTTP/2 writes them; ours are constants, checked by
 * a test): they are merged as they are, with no string made or compared per header per call.
 */
export class AnswerResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #presets: HeaderList[] = [];

  /** Headers for the answer, under its own and those set with setHeader; a later list's win. */
  preset(headers: HeaderList): void {
    this.#presets.push(headers);
  }

  override writeHead(
    statusCode: number,
    reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    // The presets stay after: a head Node refuses (an invalid header) may be followed by another (a 500).
    if (this.#presets.length === 0) return super.writeHead(statusCode, reason as string, headers);
    const own = typeof reason === 'string' ? headers : reason;
    // One object keyed by lower-case name, so a later value takes an earlier one's place whatever its case.
    const merged: OutgoingHttpHeaders = {};
    for (const presets of this.#presets) for (const [name, value] of presets) merged[name] = value;
    // Headers set with setHeader (Node keeps their names in lower case) win over the presets. Nothing of
    // ours sets any: the list is asked for once, not once per preset header.
    for (const name of this.getHeaderNames()) delete merged[name];
    if (own !== undefined && (typeof own !== 'object' || own === null || Array.isArray(own))) {
      // A header array (nothing of ours writes one): the presets go in as set headers, under it.
      for (const name of Object.keys(merged)) this.setHeader(name, merged[name] as OutgoingHttpHeader);
      return super.writeHead(statusCode, reason as string, headers);
    }
    // As Node takes an object: its own keys, an empty name skipped, an undefined value refused (by Node).
    if (own) for (const name of Object.keys(own)) if (name) merged[lowerCase(name)] = own[name];
    return typeof reason === 'string'
      ? super.writeHead(statusCode, reason, merged)
      : super.writeHead(statusCode, merged);
  }
}

// An answer's own header names come from our code and @hono/node-server ('Content-Type'): a few dozen
// at most, lower-cased once each (a new string per call otherwise, which V8 must look up as a key).
const lowerNames = new Map<string, string>();
function lowerCase(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < 1000) lowerNames.set(name, lower);
  }
  return lower;
}

/** What index.ts hands @hono/node-server's serve() as `serverOptions`: Node's responses are AnswerResponses. */
export const serverOptions = { ServerResponse: AnswerResponse };

/**
 * Sets headers every answer to this request carries, whatever the handler answers (JSON, a stream, an
 * error). Served by @hono/node-server (c.env.outgoing is Node's response) they go on Node's response
 * itself, which merges them with the answer's own headers when it writes the head, the answer's own
 * winning (a route's own Cache-Control). That keeps them out of Hono's WHATWG Headers object, which
 * validates, lower-cases and sorts on every set and read: with the security headers, ~7% of a small
 * call's CPU (bench), and a JSON answer with only its Content-Type goes out as a plain object.
 * Node's response of our server (AnswerResponse) keeps them until it writes the head; another (a server
 * made without it) takes them with setHeader.
 * Elsewhere (app.request in tests) they go through c.header, before the handler builds its answer.
 * Answers true when Node's response took them: the answer cannot lose them then.
 */
export function setAnswerHeaders(c: Context, ...lists: HeaderList[]): boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse | Http2ServerResponse } | undefined)?.outgoing;
  if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) {
    for (const headers of lists)
      if (outgoing instanceof AnswerResponse) outgoing.preset(headers);
      else for (const [name, value] of headers) outgoing.setHeader(name, value);
    return true;
  }
  for (const headers of lists) for (const [name, value] of headers) c.header(name, value);
  return false;
}
