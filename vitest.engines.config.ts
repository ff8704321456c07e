import { defineConfig } from 'vitest/config';

// The day's journeys in Chromium, WebKit and Firefox (tests/engines): real browsers against the built app,
// one engine at a time, with room for a 2-core machine. Part of `npm test` (after test:e2e, which builds);
// ENGINE=webkit (or a list) runs some engines only.
export default defineConfig({
  test: {
    name: 'engines',
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup/hermetic.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 240_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
  },
});
