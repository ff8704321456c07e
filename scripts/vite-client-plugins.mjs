// The client's Vite plugins, in the order seen to work here (STACK.md), for both client builds: the app
// (vite.config.ts, which adds the router between them and the PWA after) and the talent link pages
// (vite.talent.config.ts: no router, no service worker). Under vitest the paraglide plugin stays out:
// messages are compiled once by `npm run generate` before the tests.
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { compactMessages } from './compact-messages.mjs';
import { honoClientWithoutCookies } from './hono-client-without-cookies.mjs';
import { leanPreloadHelper } from './lean-preload-helper.mjs';
import { paraglideOptions } from './paraglide-options.mjs';

/** @param {import('vite').PluginOption[]} between plugins that run after the messages' and before React's */
export function clientPlugins(between = []) {
  return [
    ...(process.env.VITEST ? [] : [paraglideVitePlugin(paraglideOptions)]),
    // Every message's locale switch becomes one shared function (~25 bytes gzip less a message).
    compactMessages(),
    honoClientWithoutCookies(),
    leanPreloadHelper(),
    ...between,
    react(),
    tailwindcss(),
  ];
}
