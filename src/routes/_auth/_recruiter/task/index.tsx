import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/page-placeholder';
import { titleHead } from '../../../../lib/page-title';
import { m } from '../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/task/')({
  head: titleHead(m.title_task),
  component: TaskPage,
});

function TaskPage() {
  return <PagePlaceholder title={m.title_task()} />;
}
