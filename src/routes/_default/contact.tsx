import { createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_default/contact')({
  component: ContactPage,
});

function ContactPage() {
  usePageTitle(m.title_contact());
  const email = m.common_support_email();
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{m.title_contact()}</h1>
        <p className="text-base-content/75">{m.page_contact_intro()}</p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <section className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="card-title text-lg">{m.page_contact_email_title()}</h2>
            <p>
              <a href={`mailto:${email}`} className="link link-primary font-medium">
                {email}
              </a>
            </p>
            <p className="text-sm text-base-content/70">{m.page_contact_response()}</p>
            <div className="card-actions">
              <a href={`mailto:${email}`} className="btn btn-sm btn-primary">
                {m.page_contact_email_action()}
              </a>
            </div>
          </div>
        </section>
        <section className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="card-title text-lg">{m.page_contact_hours_title()}</h2>
            <p>{m.page_contact_hours()}</p>
          </div>
        </section>
      </div>
      <section className="space-y-2 rounded-box bg-base-200 p-5">
        <h2 className="font-semibold">{m.page_contact_tip_title()}</h2>
        <p className="text-base-content/80">{m.page_contact_tip()}</p>
        <p className="text-base-content/80">{m.page_contact_privacy()}</p>
      </section>
    </article>
  );
}
