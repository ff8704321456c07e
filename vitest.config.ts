import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// API suites on Node against real databases, client suites in happy-dom.

/** API suites that replace one of the server's modules (vi.mock): they run isolated, the others share. */
const SERVER_FILES_WITH_MODULE_MOCKS = ['tests/server/auth-login-rate.test.ts'];

const serverSuite = {
  environment: 'node' as const,
  setupFiles: [
    'tests/setup/hermetic.ts',
    'tests/setup/fail-on-console-error.ts',
    'tests/setup/server-logger.ts',
    'tests/setup/pg-schemas.ts',
  ],
  testTimeout: 20_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Two files at a time on CI's 2 cores (Vitest's default is one fewer than the cores): the API suites
    // spend much of their time waiting on PostgreSQL, child servers and timers.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_FILES_WITH_MODULE_MOCKS,
          // The files of a worker share one module graph: importing the server's modules afresh for each
          // file took a quarter of the suite's time. Nothing a test relies on lives in module state; the
          // setup files below run before each file, and tests/setup/pg-schemas.ts drops a file's schemas.
          isolate: false,
          ...serverSuite,
        },
      },
      {
        extends: true,
        // vi.mock replaces a module in the graph the file imports, so these files get a graph of their own.
        test: { name: 'server-mocked', include: SERVER_FILES_WITH_MODULE_MOCKS, ...serverSuite },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // The in-process API's log lines go to the console too (server-logger.ts), as in the API suites.
          setupFiles: [
            'tests/setup/hermetic.ts',
            'tests/setup/fail-on-console-error.ts',
            'tests/setup/server-logger.ts',
          ],
          // Whole flows against the in-process server on a 2-core machine: room, not a speed target.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
