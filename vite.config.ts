import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routerOptions } from './scripts/router-options.mjs';
import { clientPlugins } from './scripts/vite-client-plugins.mjs';
import { APP_NAME, THEME_COLOR } from './src/shared/constants.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

// The app: every screen, its router and its service worker. The talent's consent and ITA pages are a build
// of their own (vite.talent.config.ts), written into the same folder after this one.
export default defineConfig({
  plugins: [
    ...clientPlugins([
      // Loaders are split with their route's component (one chunk per screen, fetched together): left in the
      // entry, every loader would pull its feature's queries, schemas and messages into the first visit.
      // Every signed-in screen, the talent link pages and the company's review page carry their
      // pendingComponent in their own chunk (left in the route tree, it pulled the whole review page,
      // 17 kB, into every first visit): in
      // the entry, their skeletons and titles were JavaScript every first visit loads, /login's included
      // (issue 7's 1.3x budget). A slow phone shows the loading bar at once and the screen's skeleton once its
      // chunk is in; a link page's pending page shows while its loader, in the same chunk, waits for the link.
      tanstackRouter({
        ...routerOptions,
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
          splitBehavior: ({ routeId }) =>
            routeId.startsWith('/_auth/') || routeId.startsWith('/_link/')
              ? [['loader', 'component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']]
              : undefined,
        },
      }),
    ]),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The glob already lists the icons and the manifest; adding them again only duplicates entries.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The Sentry SDK loads only when SENTRY_DSN is set: not worth 140 kB in every install.
        globIgnores: ['**/manifest.webmanifest', '**/assets/sentry-*.js'],
      },
      manifest: {
        id: '/',
        name: APP_NAME,
        short_name: APP_NAME,
        description: 'Refer talents to job tasks and earn rewards.',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Android's share sheet: a CV from WhatsApp or Files is POSTed here; the service worker holds it
        // (sw/share-target.ts) and the /share-target page asks which task it is for. iOS has no share
        // target and simply does not list the app.
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            title: 'title',
            text: 'text',
            url: 'url',
            files: [
              {
                name: 'resume',
                accept: [
                  'application/pdf',
                  '.pdf',
                  'application/msword',
                  '.doc',
                  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
                  '.docx',
                  'image/*',
                ],
              },
            ],
          },
        },
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps are written without a sourceMappingURL comment, and build.mjs moves them out of dist/client
    // to dist/sourcemaps (for a Sentry upload): the public build never serves the app's sources (issue 22).
    sourcemap: 'hidden',
    // No preload helper: with it, each lazy import carried the list of its chunk's dependencies (the
    // entry held ~3.8 kB gzip of chunk names and wrappers), and going to a screen first appended a
    // <link rel=modulepreload> per dependency (~37 for /task), a long task on a phone. Without it the
    // browser fetches a screen's chunks as their imports ask. Measured with Lighthouse, 3 runs each:
    // /login 91-94 -> 95, /task 80-84 -> 85-88 (TBT 275 -> 136 ms), /talent/consent unchanged.
    modulePreload: false,
    rollupOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            // The Sentry SDK loads only when SENTRY_DSN is set (and is left out of the precache, above).
            { name: 'sentry', test: /node_modules[\\/]@sentry/, priority: 2 },
            // Everything the entry needs before the first render in one chunk (issue 7): split by sharing,
            // it was ~40 small files fetched in a chain over a slow first connection, each gzipped apart.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // Small pieces that always load together, one chunk each (issue 28): every form's fields, alert,
            // submit button and validation; the auth forms' e-mail field and schemas; the language and
            // theme pickers and legal links of both layouts; the guest layout with its route. A group also
            // takes what its modules import unless a group before it holds that: these come after 'app'
            // with its priority (with priority 2, the pickers took React out of the entry).
            // /login went from 19 files to 8 and 131.5 to 129.8 kB gzip (fewer gzip headers and a shared
            // dictionary per chunk), /task from 44 files to 42.
            // valibot is one module: wherever it goes, every function of it the app uses goes along.
            { name: 'valibot', test: /node_modules[\\/]valibot/, priority: 1 },
            {
              name: 'form',
              test: /src[\\/](components[\\/]form[\\/](text-field|form-alert|submit-button)|lib[\\/](use-validated-form|field-errors))/,
              priority: 1,
            },
            {
              name: 'auth-forms',
              test: /src[\\/](features[\\/]auth[\\/]components[\\/]email-field|shared[\\/](auth-schemas|password-rule))/,
              priority: 1,
            },
            {
              name: 'pickers',
              test: /src[\\/]components[\\/](language-switcher|theme-switcher|layout[\\/]legal-links)/,
              priority: 1,
            },
            {
              name: 'guest',
              test: /src[\\/](routes[\\/]_guest\.tsx\?tsr-split=|components[\\/]layout[\\/]guest-layout)/,
              priority: 1,
            },
          ],
          // Chunks shared by several screens stay small files of their own: copying them into each screen
          // (rolldown's experimentalInlineCommonChunks) needs strict execution order, whose module init
          // wrappers cost the entry ~6 kB gzip. The price is more requests (~37 for /task): over HTTP/1.1
          // Lighthouse's slow 4G model counts a round trip for each; over HTTP/2 they share one connection
          // (docs/performance.md, Lighthouse: /task 86 -> 96). Listing them
          // in the HTML as modulepreload links was tried and measured worse: they took bandwidth from
          // the entry.
        },
      },
    },
  },
});
