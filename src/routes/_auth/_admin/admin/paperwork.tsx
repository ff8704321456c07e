import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '#src/components/layout/page-heading.tsx';
import { Cp58Panel } from '#src/features/admin-paperwork/components/cp58-panel.tsx';
import { defaultPaperworkYear, malaysiaYear, paperworkSearchSchema } from '#src/features/admin-paperwork/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// Admin › Paperwork (issue 46): what the law asks of the company that pays recruiters, prepared from the
// payments: Form CP58 for a chosen year. The product prepares; it files nothing with the Inland Revenue Board.
export const Route = createFileRoute('/_auth/_admin/admin/paperwork')({
  validateSearch: paperworkSearchSchema,
  component: PaperworkPage,
});

/** The years to choose from: this one and the seven before (a payer keeps its copies 7 years), newest first. */
const yearChoices = (selected: number) => {
  const years = new Set(Array.from({ length: 8 }, (_, i) => malaysiaYear() - i));
  years.add(selected);
  return [...years].sort((a, b) => b - a);
};

function PaperworkPage() {
  usePageTitle(m.title_paperwork());
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const year = search.year ?? defaultPaperworkYear();
  return (
    <section className="space-y-4">
      <PageHeading title={m.title_paperwork()} intro={m.admin_cp58_intro()} />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 className="text-xl font-semibold">{m.admin_cp58_heading()}</h2>
        <label className="select select-sm w-auto" htmlFor="cp58-year">
          <span className="label">{m.admin_cp58_year()}</span>
          <select
            id="cp58-year"
            value={year}
            onChange={(event) => {
              const next = Number(event.target.value);
              navigate({ search: { year: next === defaultPaperworkYear() ? undefined : next } });
            }}
          >
            {yearChoices(year).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Cp58Panel year={year} />
    </section>
  );
}
