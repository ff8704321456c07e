import { createRootRouteWithContext } from '@tanstack/react-router';
import { rootRouteOptions } from '#src/root-route-options.tsx';
// The messages of codes only the app's screens meet come with its route tree, not with the guest's router.
import '#src/lib/signed-in-error-messages.ts';
import type { RouterContext } from '#src/router-options.ts';

// Its options are the guest router's root too (src/guest-router.tsx), so they live in one module.
export const Route = createRootRouteWithContext<RouterContext>()(rootRouteOptions);
