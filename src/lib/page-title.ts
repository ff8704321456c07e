import { m } from '../paraglide/messages';

// Every document title is "<Title> | Recruiter" (seed section 1); the suffix lives only here.
export function pageTitle(text: string): string {
  return `${text} | ${m.app_name()}`;
}

export function titleHead(text: () => string) {
  return () => ({ meta: [{ title: pageTitle(text()) }] });
}
