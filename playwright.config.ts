import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  CHROMIUM_LAUNCH,
  DEMO_PASSWORD,
  E2E_BASE_URL,
  E2E_JWT_SECRET,
  E2E_PAYER,
  E2E_PORT,
  E2E_PUSH_ORIGIN,
  e2eDataDir,
} from './tests/e2e/e2e-env';
import { hermeticServerEnv } from './tests/setup/hermetic-server';

// End-to-end tests drive Debian's Chromium (never `playwright install`, STACK.md) against the BUILT
// app served by the real server: `npm run test:e2e` builds first.
const dataDir = e2eDataDir();

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
    locale: 'en-US',
    timezoneId: 'Asia/Kuala_Lumpur',
  },
  projects: [
    // Specs that belong to one viewport run in that project only: the phone flow on mobile; titles
    // (they do not depend on the viewport) and the app update (it edits the served sw.js) on desktop.
    {
      name: 'chromium',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore:
        /(recruiter-flow|offline-outbox|share-target|resume-contact|talent-data|talent-link-page|talent-link-worker|push)\.spec\.ts$/,
    },
    {
      name: 'mobile',
      // a11y, sessions and invitation set their own phone and desktop viewports, so they run once, in
      // the desktop project (the last two also share demo accounts' state within the run); the admin's
      // data-protection journey erases a demo talent, which can happen once per run. The notifications
      // journey sets a phone (the recruiter) and a desktop (the admin) of its own too, and so do the
      // scorecard and admin insight specs (issue 27), the company's review link (issue 45) and the money's paperwork (issue 46).
      testIgnore:
        /(titles|app-update|money-cycle|a11y|sessions|invitation|admin-data-protection|notifications|scorecard|admin-insight|company-review|paperwork)\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node dist/server/index.js',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '0.0.0.0',
      APP_ENV: 'test',
      APP_URL: E2E_BASE_URL,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      JWT_SECRET: E2E_JWT_SECRET,
      MAIL_WORKER: 'true',
      LOG_LEVEL: 'warn',
      PAYER_NAME: E2E_PAYER.name,
      PAYER_REGISTRATION_NUMBER: E2E_PAYER.registrationNumber,
      PAYER_EMPLOYER_NUMBER: E2E_PAYER.employerNumber,
      PAYER_ADDRESS: E2E_PAYER.address,
      // Nothing leaves the machine: pushes go to the local push service only, and any other outside
      // connection is refused and fails the run (global-teardown.ts).
      ...hermeticServerEnv(new URL(E2E_PUSH_ORIGIN).host, path.join(dataDir, 'outside-connections.log')),
    },
  },
});
