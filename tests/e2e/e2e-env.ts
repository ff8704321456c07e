import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Shared by playwright.config.ts (which starts the built server) and the specs. Values are put in
// process.env once, by the runner, so its workers (forked later) see the same ones.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'E2e-Demo#2026';
export const ADMIN_EMAIL = 'admin@example.com';
export const RECRUITER_EMAIL = 'recruiter@example.com';
/** The server's JWT secret in e2e runs, so a spec can sign a really expired access token (offline-outbox). */
export const E2E_JWT_SECRET = process.env.E2E_JWT_SECRET ?? 'e2e-only-jwt-secret-0123456789abcdefghijklmnop';

/** The local push service the e2e server sends Web Push to (global-setup.ts starts it). */
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? 4176);
export const E2E_PUSH_ORIGIN = `https://127.0.0.1:${E2E_PUSH_PORT}`;

/** A fresh data folder (database, mail files) per run, so every run starts from the demo seed. */
export function e2eDataDir(): string {
  process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'recruiter-e2e-'));
  return process.env.E2E_DATA_DIR;
}

export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

// The payer's details for Form CP58's Part A (PAYER_* settings, docs/configuration.md): the e2e server's,
// so the paperwork journey can issue forms (issuing is refused while they are missing).
export const E2E_PAYER = {
  name: 'Recruiter E2E Sdn Bhd',
  registrationNumber: '202401012345',
  employerNumber: 'E 1234567890',
  address: 'Level 5, Menara Ujian|Jalan Ampang|50450 Kuala Lumpur',
};
