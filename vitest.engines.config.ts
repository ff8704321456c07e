import { defineConfig } from 'vitest/config';

// The journeys in WebKit and Firefox (tests/engines): real browsers against the built app, one at a time,
// with room for a 2-core machine. `npm run test:engines` runs Firefox only (WebKit is not green yet, see
// README "Other browser engines"); ENGINE=webkit or ENGINE=webkit,firefox to run WebKit too.
export default defineConfig({
  test: {
    name: 'engines',
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 240_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
  },
});
