import { defineConfig } from 'vite';
import { clientPlugins } from './scripts/vite-client-plugins.mjs';

// The talent's consent and ITA pages (talent.html, src/talent-main.tsx: issue 28), built after the app
// (vite.config.ts) into the same folder. A talent opens one link, once, often on a cheap phone over mobile
// data and with no service worker yet: this build carries React, the page and its API calls, and none of
// the app's router, screens or offline store. The server writes the page's content into talent.html
// first (src/server/modules/talent-links/link-page.ts), so it is readable before this has loaded.
export default defineConfig({
  plugins: clientPlugins(),
  build: {
    outDir: 'dist/client',
    // The app's build is already there: keep it.
    emptyOutDir: false,
    // As the app's (vite.config.ts): maps moved out of the public folder by build.mjs, no preload helper.
    sourcemap: 'hidden',
    modulePreload: false,
    rollupOptions: {
      input: 'talent.html',
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            { name: 'sentry', test: /node_modules[\\/]@sentry/, priority: 2 },
            // What the page needs before it renders, in one file: one request on a slow first connection.
            { name: 'talent', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
