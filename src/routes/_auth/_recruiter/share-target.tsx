import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { forgetSharedFile, sharedFileSummary } from '#src/features/share-target/api.ts';
import { ShareTargetPage } from '#src/features/share-target/components/share-target-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { flagParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// GET /share-target: where the service worker (or, before it is installed, the server) sends a CV
// shared from another app. `empty=1`: the share brought no file, so an older one is forgotten too.
export const Route = createFileRoute('/_auth/_recruiter/share-target')({
  validateSearch: v.object({ empty: flagParam }),
  search: { middlewares: [stripSearchParams({ empty: false })] },
  loaderDeps: ({ search }) => ({ empty: search.empty }),
  loader: async ({ deps }) => {
    if (!deps.empty) return { shared: await sharedFileSummary() };
    await forgetSharedFile();
    return { shared: null };
  },
  component: ShareTargetRoute,
});

function ShareTargetRoute() {
  usePageTitle(m.title_share_target());
  const { shared } = Route.useLoaderData();
  return <ShareTargetPage key={shared?.receivedAt ?? 'none'} shared={shared} />;
}
