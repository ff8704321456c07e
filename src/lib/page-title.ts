import { useEffect } from 'react';
import { m } from '#src/paraglide/messages.js';

// Every document title is "<Title> | Recruiter" (seed section 1); the suffix lives only here.
export function pageTitle(text: string): string {
  return `${text} | ${m.app_name()}`;
}

/**
 * Sets the document title while a screen shows. Called by the screen's own component, so its title
 * message travels in the screen's chunk: as route `head` options, all ~40 titles in three languages,
 * and the router's head renderer, sat in the entry every first visit loads (issue 7: ~2.5 kB gzip of
 * /login's JavaScript). index.html's title, the app's name, stands until a screen sets its own.
 */
export function usePageTitle(text: string): void {
  useEffect(() => {
    document.title = pageTitle(text);
  }, [text]);
}
