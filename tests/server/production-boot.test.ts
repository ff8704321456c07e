// @vitest-environment node
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '#src/server/db/connect.ts';
import { DATABASES } from './helpers/mail-helpers';

// The real entry points as an operator runs them (issue 22): `APP_ENV=production` refuses unsafe
// settings before touching anything, seeds no demo accounts, keeps DATA_DIR private, and the first
// admin comes from the create-admin command. Each case starts real processes (tsx): slow on a busy machine.
const ROOT = path.resolve(import.meta.dirname, '../..');
const JWT_SECRET = 'p'.repeat(48);
// Production seals recruiters' identity and bank details with the operator's keys (issue 46).
const SEALING_KEYS = `p1:${'ab'.repeat(32)}`;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'recruiter-prod-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'data');
};

function run(file: string, args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { ...process.env, APP_ENV: 'production', JWT_SECRET, SEALING_KEYS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output += chunk));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output };
}

async function exitOf(file: string, args: string[], env: Record<string, string>) {
  const { child, output } = run(file, args, env);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output: output() };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('starting in production', () => {
  it('refuses to start without SMTP_URL unless MAIL_TRANSPORT=file is set', async () => {
    const { code, output } = await exitOf('src/server/index.ts', [], { DATA_DIR: scratch() });
    expect(code).toBe(1);
    expect(output).toMatch(/SMTP_URL is required when APP_ENV=production.*MAIL_TRANSPORT=file/);
  }, 120_000);

  it("refuses to start without SEALING_KEYS, which seal recruiters' identity and bank details", async () => {
    const { code, output } = await exitOf('src/server/index.ts', [], {
      DATA_DIR: scratch(),
      MAIL_TRANSPORT: 'file',
      SEALING_KEYS: '',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/SEALING_KEYS is required when APP_ENV=production/);
  }, 120_000);

  it('seeds no demo account and keeps DATA_DIR and the database private', async () => {
    const dataDir = scratch();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'file',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      MAIL_WORKER: 'false',
    };
    const server = run('src/server/index.ts', [], env);
    const since = Date.now();
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`the server stopped:\n${server.output()}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() - since > 60_000) throw new Error(`the server did not start:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.output()).not.toMatch(/Demo data created/);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Recruiter#2026' }),
    });
    expect(login.status).toBe(401);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'app.db')).mode & 0o777).toBe(0o600);
  }, 120_000);
});

describe.each(DATABASES)('npm run create-admin on %s', (kind) => {
  it('creates the admin once (migrating a new database first), then refuses the same e-mail', async () => {
    const dataDir = scratch();
    const env: Record<string, string> = { DATA_DIR: dataDir, MAIL_TRANSPORT: 'file', APP_URL: 'https://hr.example' };
    if (kind === 'postgres') {
      // A schema of its own, which the command migrates itself (it may run before the first start).
      const base = process.env.TEST_DATABASE_URL as string;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = connect({ databaseUrl: base });
      await sql`create schema ${sql.id(schema)}`.execute(admin);
      cleanups.push(async () => {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
        await admin.destroy();
      });
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema}`);
      env.DATABASE_URL = url.toString();
    }
    const cli = 'src/server/cli/create-admin-main.ts';
    const first = await exitOf(cli, ['--email', 'boss@example.com', '--name', 'Nur Aisyah', '--locale', 'zh'], env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/https:\/\/hr\.example\/zh\/update-password\?token=[\w-]{20,}/);

    const again = await exitOf(cli, ['--email', 'boss@example.com', '--name', 'Someone Else'], env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already exists: nothing was changed/);
    expect(again.output).not.toMatch(/token=/);
  }, 180_000);
});
