// Vite wraps every dynamic import as __vitePreload(() => import(…), deps). Its helper (3.4 kB, 1.3 kB gzip,
// in the entry of every page) puts each of `deps` in a <link rel=modulepreload> or a stylesheet link
// first. Here every `deps` is empty: build.modulePreload is off (vite.config.ts says why) and the app
// has one stylesheet, loaded by the HTML. What the helper still does is re-dispatch a failed import as
// the `vite:preloadError` event; this plugin gives it that body alone (issue 28). Should a dynamic import
// ever get dependencies (a stylesheet split per chunk, modulePreload back on), the build stops: this
// helper would not load them.
const HELPER_ID = '\0vite/preload-helper.js';

const LEAN_HELPER = `export const __vitePreload = (load) =>
  load().catch((error) => {
    const event = new Event('vite:preloadError', { cancelable: true });
    event.payload = error;
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
  });
`;

/** @returns {import('vite').Plugin} */
export function leanPreloadHelper() {
  return {
    name: 'recruiter:lean-preload-helper',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === HELPER_ID ? LEAN_HELPER : null;
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.code.includes('__vite__mapDeps')) {
          this.error(`${file.fileName} preloads dependencies, which scripts/lean-preload-helper.mjs does not load`);
        }
      }
    },
  };
}
