import { createFileRoute, Outlet } from '@tanstack/react-router';
import { DefaultLayout } from '../components/layout/default-layout';

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
