import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { TalentFrame } from '#src/features/talent-links/components/talent-frame.tsx';

// The talent's pages in the app (their data page, and asking for its link) wear the frame of their consent
// and ITA pages, one piece for both (issue 42.10): a talent has no account, so no Log in and no app menu,
// and they switch language as on the consent page, the token kept.
export const Route = createFileRoute('/_talent')({
  component: TalentLayout,
});

function TalentLayout() {
  // From the router, so the language links follow a move to another talent page (no data → ask for a link).
  const address = useRouterState({ select: (state) => state.location.href });
  return (
    <TalentFrame address={address}>
      <Outlet />
    </TalentFrame>
  );
}
