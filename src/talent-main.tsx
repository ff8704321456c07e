import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TalentLinkApp, takeServerView, talentLinkOfAddress } from './features/talent-links/components/talent-link-app';
import { installGlobalErrorHandlers } from './lib/error-reporting';
import { resolveLocaleOncePerRun } from './lib/locale';
import { usePageTitle } from './lib/page-title';
import { applyTheme } from './lib/theme';
import { m } from './paraglide/messages.js';
import './talent.css';

// The talent's consent and ITA pages (talent.html, issue 28): the only pages a talent ever sees, often a
// first visit on a cheap phone over mobile data. The server has already written the page's content into
// the HTML (src/server/modules/talent-links/link-page.ts); this renders the same page with React, so the
// buttons work, without the app's router, screens or offline store: a page and its API calls.
installGlobalErrorHandlers();
resolveLocaleOncePerRun();
applyTheme();
onlineManager.setOnline(navigator.onLine);

// A link's view is fresh for the page's first minute: opening it does not ask the server twice.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
const { kind, token } = talentLinkOfAddress();
takeServerView(queryClient, kind, token);

function Page() {
  usePageTitle(kind === 'CONSENT' ? m.title_consent() : m.title_ita_success());
  return <TalentLinkApp kind={kind} token={token} />;
}

const container = document.getElementById('app');
if (!container) throw new Error('#app is missing from talent.html');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Page />
    </QueryClientProvider>
  </StrictMode>,
);
