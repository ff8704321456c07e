import { createFileRoute, Link } from '@tanstack/react-router';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_default/')({
  component: HomePage,
});

const STEPS = [
  { title: m.page_home_step1_title, text: m.page_home_step1_text },
  { title: m.page_home_step2_title, text: m.page_home_step2_text },
  { title: m.page_home_step3_title, text: m.page_home_step3_text },
  { title: m.page_home_step4_title, text: m.page_home_step4_text },
];

const REASONS = [m.page_home_why_mobile, m.page_home_why_transparent, m.page_home_why_promo];

function HomePage() {
  usePageTitle(m.title_home());
  return (
    <div className="space-y-14">
      <section className="space-y-5 py-6 text-center sm:py-10">
        <h1 className="mx-auto max-w-3xl text-3xl font-bold leading-tight sm:text-4xl">{m.page_home_hero_title()}</h1>
        <p className="mx-auto max-w-2xl text-lg text-base-content/75">{m.page_home_hero_text()}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/login" className="btn btn-primary">
            {m.page_home_cta_login()}
          </Link>
          <Link to="/faq" className="btn btn-outline">
            {m.page_home_cta_faq()}
          </Link>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="space-y-6">
        <h2 id="how-it-works" className="text-center text-2xl font-semibold">
          {m.page_home_how_title()}
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title()} className="card border border-base-300 bg-base-100">
              <div className="card-body">
                <span className="badge badge-primary badge-lg font-mono" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="card-title text-lg">{step.title()}</h3>
                <p className="text-base-content/75">{step.text()}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="why" className="space-y-4 rounded-box bg-base-200 p-6 sm:p-8">
        <h2 id="why" className="text-2xl font-semibold">
          {m.page_home_why_title()}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {REASONS.map((reason) => (
            <li key={reason()} className="flex gap-2">
              <span className="text-primary" aria-hidden="true">
                ✓
              </span>
              <span>{reason()}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="space-y-4 pb-6 text-center">
        <h2 className="text-2xl font-semibold">{m.page_home_cta_title()}</h2>
        <p className="mx-auto max-w-xl text-base-content/75">{m.page_home_cta_text()}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/login" className="btn btn-sm btn-primary">
            {m.nav_login()}
          </Link>
          <Link to="/contact" className="btn btn-sm btn-ghost">
            {m.nav_contact()}
          </Link>
        </div>
      </section>
    </div>
  );
}
