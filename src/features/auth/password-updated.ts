import { useRouterState } from '@tanstack/react-router';

// A password just set on /update-password: the login page that follows says so above its form and fills
// in the e-mail, so the user types only the new password. Carried in the history entry's state, not in
// the address: an e-mail does not belong in a URL (history, logs), and the note goes with the entry.
declare module '@tanstack/react-router' {
  interface HistoryState {
    passwordUpdatedFor?: string;
  }
}

/** The e-mail whose password was just updated, when /login was opened right after. */
export const usePasswordUpdatedFor = () =>
  useRouterState({ select: (state) => state.location.state.passwordUpdatedFor });
