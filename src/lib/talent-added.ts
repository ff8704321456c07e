import { useRouterState } from '@tanstack/react-router';

// A talent just added (the drop's last step): their profile, which the flow opens, says so at the top of
// the page instead of a toast. On a phone a toast sits where the profile's back link and name are, and
// covered them for its whole life (issue 42.15). Carried in the history entry's state, not the address: a
// reload or a link to the profile does not announce it again.
declare module '@tanstack/react-router' {
  interface HistoryState {
    talentAdded?: boolean;
  }
}

/** True on the profile opened right after adding the talent. */
export const useTalentJustAdded = () =>
  useRouterState({ select: (state) => state.location.state.talentAdded === true });
