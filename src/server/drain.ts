import type { Server as HttpServer } from 'node:http';
import type { Http2SecureServer, ServerHttp2Session } from 'node:http2';
import type { ServerType } from '@hono/node-server';

// HTTP/2 sessions open on each server, to be closed gently when it drains: Node's HTTP/2 server keeps no
// list of its own.
const sessions = new WeakMap<ServerType, Set<ServerHttp2Session>>();

/** Keeps the list of a server's HTTP/2 sessions (listen.ts calls it as the server is made). */
export function watchSessions(server: ServerType): void {
  const open = new Set<ServerHttp2Session>();
  sessions.set(server, open);
  (server as Http2SecureServer).on('session', (session: ServerHttp2Session) => {
    open.add(session);
    session.once('close', () => open.delete(session));
  });
}

/**
 * Stops taking connections and resolves once every request in flight has been answered: an upload
 * being received goes on to its end and its answer. Keep-alive connections are closed as soon as they
 * are idle (Node's close() closes only those idle at that moment; one busy then would otherwise linger
 * for its keep-alive timeout after its answer), and each HTTP/2 session is asked to take no new streams
 * (GOAWAY) while its open ones finish.
 */
export function closeGracefully(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => (server as HttpServer).closeIdleConnections?.(), 100);
    server.close(() => {
      clearInterval(idle);
      resolve();
    });
    (server as HttpServer).closeIdleConnections?.();
    for (const session of sessions.get(server) ?? []) session.close();
  });
}
