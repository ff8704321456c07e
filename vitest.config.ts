import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: API suites on Node against real databases, client suites in happy-dom.
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
          environment: 'node',
          setupFiles: [
            'tests/setup/hermetic.ts',
            'tests/setup/fail-on-console-error.ts',
            'tests/setup/server-logger.ts',
          ],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
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
