// The talent's consent and ITA pages, which the server answers with their content written in (issue 28:
// src/server/modules/talent-links/link-page.ts) and src/talent-main.tsx then runs. One list for the
// server's paths, the service worker's and the page's own.

export const TALENT_LINK_PAGES = [
  { kind: 'CONSENT', path: '/talent/consent' },
  { kind: 'ITA', path: '/talent/ita-success' },
] as const;

/** Matches a talent link page's path, with or without a language prefix. */
export const TALENT_LINK_PAGE_PATH = /^\/(?:[a-z]{2}\/)?talent\/(?:consent|ita-success)\/?$/;

/** The id of the script element holding the link's view, as the API answers it. */
export const TALENT_LINK_DATA_ID = 'talent-link-view';
