// One set of paraglide compiler options, used by the Vite plugin and by the CLI step before tests.
/** @type {import('@inlang/paraglide-js').CompilerOptions} */
export const paraglideOptions = {
  project: './messages/project.inlang',
  outdir: './src/paraglide',
  // The URL decides (en has no prefix, /ms and /zh do); then the 365-day cookie; then the browser.
  strategy: ['url', 'cookie', 'preferredLanguage', 'baseLocale'],
  cookieMaxAge: 365 * 24 * 60 * 60,
  emitGitIgnore: false,
  isServer: "typeof window === 'undefined'",
};
