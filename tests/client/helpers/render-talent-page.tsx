import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { TalentLinkApp } from '#src/features/talent-links/components/talent-link-app.tsx';
import { TALENT_LINK_PAGES } from '#src/shared/talent-link-page.ts';

// A talent link page (`/talent/consent?token=…`, `/talent/ita-success?token=…`) as src/talent-main.tsx
// renders it: its frame and page, no router, a fresh query cache. The page's language is the document's
// address, as in the browser (a test sets it with history.replaceState).
export function renderTalentPageAt(path: string) {
  const url = new URL(path, 'http://localhost');
  const kind = TALENT_LINK_PAGES.find((page) => page.path === url.pathname)?.kind;
  if (!kind) throw new Error(`${url.pathname} is not a talent link page`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TalentLinkApp kind={kind} token={url.searchParams.get('token') ?? ''} />
    </QueryClientProvider>,
  );
  return { queryClient };
}
