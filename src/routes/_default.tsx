import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DefaultLayout } from '#src/components/layout/default-layout.tsx';

export const Route = createFileRoute('/_default')({
  component: DefaultLayoutRoute,
});

function DefaultLayoutRoute() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  );
}
