import type { QueryClient } from '@tanstack/react-query';
import { LinkFrame } from '#src/components/layout/link-frame.tsx';
import { type TalentLinkKind, talentLinkQueryOptions } from '#src/features/talent-links/api.ts';
import { pathWithoutLocale } from '#src/shared/locale-path.ts';
import type { TalentLinkView } from '#src/shared/recruiter-types.ts';
import { TALENT_LINK_DATA_ID, TALENT_LINK_PAGES } from '#src/shared/talent-link-page.ts';
import { TalentLinkPage } from './talent-link-page';

/** Which link page this address is, and its token ('' when the address has none: the page says so). */
export function talentLinkOfAddress(): { kind: TalentLinkKind; token: string } {
  const path = pathWithoutLocale(location.pathname).replace(/\/$/, '');
  const kind = TALENT_LINK_PAGES.find((page) => page.path === path)?.kind ?? 'CONSENT';
  return { kind, token: new URLSearchParams(location.search).get('token') ?? '' };
}

/**
 * The view the server wrote into the page with its content (link-page.ts), put in the cache as if the
 * page had asked for it: the talent's first screen costs no second request.
 */
export function takeServerView(queryClient: QueryClient, kind: TalentLinkKind, token: string): void {
  const element = document.getElementById(TALENT_LINK_DATA_ID);
  if (!element?.textContent) return;
  try {
    const view = JSON.parse(element.textContent) as TalentLinkView;
    if (view.kind === kind) queryClient.setQueryData(talentLinkQueryOptions(kind, token).queryKey, view);
  } catch {
    // Unreadable: the page asks the API, as it would without it.
  }
}

/** The whole talent link page: its frame and the page for this address. */
export function TalentLinkApp({ kind, token }: { kind: TalentLinkKind; token: string }) {
  return (
    <LinkFrame>
      <TalentLinkPage kind={kind} token={token} />
    </LinkFrame>
  );
}
