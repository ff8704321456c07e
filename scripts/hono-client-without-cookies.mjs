// A Vite plugin for the client build: hono/client imports hono's whole cookie module (signing, parsing,
// serialising: ~0.5 kB gzip in every first load) for one rarely used option, `hc(...)(args, { cookie })`,
// which sets a Cookie header by hand. The app never uses it (the browser sends its cookies itself), so
// the import is answered by a stand-in that refuses the option loudly instead of serialising.
const VIRTUAL = '\0hono-client-cookie-stand-in';

export function honoClientWithoutCookies() {
  return {
    name: 'recruiter:hono-client-without-cookies',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../utils/cookie.js' &&
        importer &&
        /[\\/]hono[\\/]dist[\\/]client[\\/]client\.js$/.test(importer)
      ) {
        return VIRTUAL;
      }
      return null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      return `export const serialize = () => { throw new Error('hc: the cookie option is not supported in this app'); };`;
    },
  };
}
