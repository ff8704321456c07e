import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { LinkFrame } from '#src/components/layout/link-frame.tsx';

// The app's pages reached by a link from an e-mail, for people with no account: the talent's data page and
// asking for its link (issue 42.10), and the hiring company's review page (issue 45). They wear the frame
// of the talent's consent and ITA pages, one piece for all: no Log in and no app menu, and the language
// switches as on the consent page, the link's token kept.
export const Route = createFileRoute('/_link')({
  component: LinkLayout,
});

function LinkLayout() {
  // From the router, so the language links follow a move to another page (no data → ask for a link).
  const address = useRouterState({ select: (state) => state.location.href });
  return (
    <LinkFrame address={address}>
      <Outlet />
    </LinkFrame>
  );
}
