import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hermeticServerEnv, outsideReaches } from '#tests/setup/hermetic-server.ts';
import { startPushService } from '#tests/setup/push-service.ts';

// The BUILT app served by the real server, with the same environment as playwright.config.ts's webServer
// (a fresh DATA_DIR seeded with the demo, mails written under DATA_DIR/mail, pushes to a local push service,
// and stopping fails if the server tried to reach outside the machine). The browsers reach it through a
// plain TCP relay on ENGINES_PORT that can cut every connection: the WebDriver drivers cannot take a browser
// offline, but a browser whose server cannot be reached is offline to its service worker.
export const ENGINES_PORT = Number(process.env.ENGINES_PORT ?? 4175);
const SERVER_PORT = ENGINES_PORT + 10;
export const BASE_URL = `http://localhost:${ENGINES_PORT}`;
export const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'E2e-Demo#2026';

export type AppServer = {
  dataDir: string;
  /** Cuts (true) or restores (false) the browsers' way to the server: open connections close, new ones are refused. */
  setOffline: (offline: boolean) => void;
  /** Serves a new build of the app's service worker (its bytes change), as a deploy would; undone by `stop`. */
  publishNewBuild: () => void;
  stop: () => Promise<void>;
};

type Relay = { server: Server; setOffline: (offline: boolean) => void };

async function startRelay(): Promise<Relay> {
  let offline = false;
  const open = new Set<Socket>();
  const server = createServer((browserSide) => {
    if (offline) return browserSide.destroy();
    const serverSide = createConnection(SERVER_PORT, '127.0.0.1');
    for (const socket of [browserSide, serverSide]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      // Either end going away ends both (a refused server, a browser closing its tab).
      socket.once('error', () => {
        browserSide.destroy();
        serverSide.destroy();
      });
    }
    browserSide.pipe(serverSide).pipe(browserSide);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ENGINES_PORT, '0.0.0.0', () => resolve());
  });
  return {
    server,
    setOffline: (value) => {
      offline = value;
      if (value) for (const socket of open) socket.destroy();
    },
  };
}

// The built worker and its precompressed copies: a "new build" changes the worker's bytes, and the copies
// (the old build's) are set aside so the server sends the changed file; `stop` puts everything back.
const WORKER_FILES = ['dist/client/sw.js', 'dist/client/sw.js.br', 'dist/client/sw.js.gz'];

function newBuilds() {
  let originals: Map<string, Buffer> | undefined;
  return {
    publish: () => {
      originals ??= new Map(WORKER_FILES.filter(existsSync).map((file) => [file, readFileSync(file)]));
      const worker = readFileSync(WORKER_FILES[0] as string, 'utf8');
      writeFileSync(WORKER_FILES[0] as string, `${worker}\n// engines: a new build at ${new Date().toISOString()}\n`);
      for (const file of WORKER_FILES.slice(1)) rmSync(file, { force: true });
    },
    restore: () => {
      for (const [file, bytes] of originals ?? []) writeFileSync(file, bytes);
      originals = undefined;
    },
  };
}

export async function startAppServer(): Promise<AppServer> {
  if (!existsSync('dist/server/index.js')) throw new Error('No build: run `npm run build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'recruiter-engines-'));
  const pushService = await startPushService();
  const outsideLog = path.join(dataDir, 'outside-connections.log');
  const child: ChildProcess = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(SERVER_PORT),
      HOST: '0.0.0.0',
      APP_ENV: 'test',
      APP_URL: BASE_URL,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      JWT_SECRET: process.env.E2E_JWT_SECRET ?? 'e2e-only-jwt-secret-0123456789abcdefghijklmnop',
      MAIL_WORKER: 'true',
      LOG_LEVEL: 'warn',
      ...hermeticServerEnv(pushService.host, outsideLog),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const relay = await startRelay();
  const builds = newBuilds();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE_URL}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    dataDir,
    setOffline: relay.setOffline,
    publishNewBuild: builds.publish,
    stop: async () => {
      builds.restore();
      relay.setOffline(true);
      await new Promise<void>((resolve) => relay.server.close(() => resolve()));
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await pushService.close();
      const reached = outsideReaches(outsideLog);
      if (reached.length > 0) throw new Error(`The server tried to reach outside the machine:\n${reached.join('\n')}`);
    },
  };
}

/** An X display for MiniBrowser: Xvfb picks a free one and writes its number on fd 3 (`-displayfd 3`). */
export async function startXvfb(): Promise<{ display: string; stop: () => void }> {
  const xvfb = spawn(
    process.env.XVFB_PATH ?? '/usr/bin/Xvfb',
    ['-displayfd', '3', '-screen', '0', '1440x900x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    const pipe = xvfb.stdio[3] as NodeJS.ReadableStream;
    pipe.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
    setTimeout(() => reject(new Error('Xvfb gave no display')), 15_000);
  });
  return { display, stop: () => xvfb.kill() };
}
