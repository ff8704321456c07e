import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { m } from '../paraglide/messages';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: m.app_name() }] }),
  component: RootComponent,
});

function RootComponent() {
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
