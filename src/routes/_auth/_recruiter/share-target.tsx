import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { forgetSharedFile, sharedFileSummary } from '../../../features/share-target/api';
import { ShareTargetPage } from '../../../features/share-target/components/share-target-page';
import { usePageTitle } from '../../../lib/page-title';
import { flagParam } from '../../../lib/search-params';
import { m } from '../../../paraglide/messages';

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
