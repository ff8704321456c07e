import { createFileRoute, Link } from '@tanstack/react-router';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_default/faq')({
  component: FaqPage,
});

const QUESTIONS = [
  { q: m.page_faq_q1, a: m.page_faq_a1 },
  { q: m.page_faq_q2, a: m.page_faq_a2 },
  { q: m.page_faq_q3, a: m.page_faq_a3 },
  { q: m.page_faq_q4, a: m.page_faq_a4 },
  { q: m.page_faq_q5, a: m.page_faq_a5 },
  { q: m.page_faq_q6, a: m.page_faq_a6 },
  { q: m.page_faq_q7, a: m.page_faq_a7 },
  { q: m.page_faq_q8, a: m.page_faq_a8 },
  { q: m.page_faq_q9, a: m.page_faq_a9 },
  { q: m.page_faq_q10, a: m.page_faq_a10 },
];

function FaqPage() {
  usePageTitle(m.title_faq());
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{m.title_faq()}</h1>
        <p className="text-base-content/75">
          {m.page_faq_intro()}{' '}
          <Link to="/contact" className="link link-primary">
            {m.nav_contact()}
          </Link>
        </p>
      </header>
      <div className="space-y-2">
        {QUESTIONS.map((item) => (
          <details key={item.q()} className="collapse-arrow collapse border border-base-300 bg-base-100">
            <summary className="collapse-title font-medium">{item.q()}</summary>
            <div className="collapse-content">
              <p className="text-base-content/80">{item.a()}</p>
            </div>
          </details>
        ))}
      </div>
    </article>
  );
}
