import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect as connectTo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { outsideReaches } from '#tests/setup/hermetic-server.ts';
import { pdfOfSize } from './sample-files';
import { dropValues, multipart, pdfFile } from './talent-fixtures';

// The real server as a child process from source (as the bench runs it), for the suites that stop it
// from outside: a SIGKILL in the middle of an upload, a SIGTERM that must let one finish.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DEMO_PASSWORD = 'Faults-Demo#2026';
const RECRUITER_EMAIL = 'recruiter@example.com';
const RESUME_BYTES = 4_000_000;

export type RunningServer = { base: string; child: ChildProcess; log: () => string };
const started: ChildProcess[] = [];
const guardLogs: string[] = [];

/** Kills every server a test started and left running (for afterEach); fails if one reached outside. */
export async function killStartedServers() {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  const reached = guardLogs.splice(0).flatMap((file) => {
    const lines = outsideReaches(file);
    rmSync(file, { force: true });
    return lines;
  });
  if (reached.length > 0) throw new Error(`A server tried to reach outside the machine:\n${reached.join('\n')}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTo(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const tls = Boolean(env.TLS_CERT_FILE);
  const base = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  // The hermetic guard in the server too (tests/setup/hermetic-guard.mjs); its refusals fail the test.
  const guardLog = path.join(tmpdir(), `recruiter-guard-${port}-${Date.now()}.log`);
  guardLogs.push(guardLog);
  const guard = new URL('../../setup/hermetic-guard.mjs', import.meta.url).href;
  const child = spawn(process.execPath, ['--import', guard, '--import', 'tsx', 'src/server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ENV: 'test',
      APP_URL: base,
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      MAIL_WORKER: 'false',
      HERMETIC_LOG: guardLog,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let log = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk) => (log = (log + chunk).slice(-20_000)));
  const since = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode}):\n${log}`);
    try {
      // Over TLS (a test certificate fetch does not trust) a connection taken is the sign it listens.
      if (tls ? await accepts(port) : (await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - since > 60_000) throw new Error(`the server did not start in 60 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, child, log: () => log };
}

export async function kill(server: RunningServer) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

export async function logIn(base: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: RECRUITER_EMAIL, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export async function openTaskId(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/api/recruiter/task?pageSize=10`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { items: { id: number }[] } };
  const id = body.data.items[0]?.id;
  if (!id) throw new Error('the demo seed has no open task');
  return id;
}

/** The resume drop exactly as a browser sends it: one multipart body of about 4 MB. */
export async function resumeDrop(taskId: number, email: string) {
  const form = multipart(
    dropValues(taskId, { email, phone: `012-${String(Date.now()).slice(-7)}` }),
    pdfFile(pdfOfSize(RESUME_BYTES)),
  );
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') as string,
  };
}
