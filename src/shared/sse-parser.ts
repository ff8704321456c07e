// An incremental parser of the server-sent events format (HTML "event stream" interpretation), shared by
// the browser's improve-note reader and the server's OpenAI-compatible adapter: both read streams whose
// chunks may end anywhere, in the middle of a line or of a multi-byte character.

export interface SseMessage {
  event: string; // 'message' unless the stream names one
  data: string;
  id?: string;
}

export interface SseParser {
  /** Feeds decoded text; dispatches every message completed by it. */
  push(text: string): void;
  /** The stream ended: true when a message or line was left unfinished (a cut-off stream). */
  end(): boolean;
}

export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;
  let started = false; // a field of the current message was read

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), ...(id ? { id } : {}) });
      data = [];
      event = '';
      started = false;
      return;
    }
    if (text.startsWith(':')) return; // a comment (keep-alive)
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    started = true;
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  }

  return {
    push(text) {
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next one.
        if (ch === '\r' && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (ch === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer === '\r') {
        line('');
        buffer = '';
      }
      const unfinished = buffer.length > 0 || started;
      buffer = '';
      data = [];
      started = false;
      return unfinished;
    },
  };
}

/**
 * Reads a byte stream of server-sent events to its end, decoding UTF-8 across chunk boundaries.
 * Answers whether the stream ended cleanly (false: cut off in the middle of a message).
 */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onMessage: (message: SseMessage) => void,
): Promise<boolean> {
  const parser = createSseParser(onMessage);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } finally {
    reader.releaseLock();
  }
  return !parser.end();
}
