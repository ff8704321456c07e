import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { PagePlaceholder } from '../../../components/page-placeholder';
import { titleHead } from '../../../lib/page-title';
import { optionalStringParam } from '../../../lib/search-params';
import { m } from '../../../paraglide/messages';

// A talent's link from e-mail or WhatsApp: public, but meaningless without its token.
export const Route = createFileRoute('/_default/talent/ita-success')({
  validateSearch: v.object({ token: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
    return { token: search.token };
  },
  head: titleHead(m.title_ita_success),
  component: ItaSuccessPage,
});

function ItaSuccessPage() {
  return <PagePlaceholder title={m.title_ita_success()} />;
}
