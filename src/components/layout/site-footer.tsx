import { m } from '#src/paraglide/messages.js';
import { LegalLinks } from './legal-links';

export function SiteFooter() {
  return (
    <footer className="border-t border-base-300 bg-base-200 text-sm">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label={m.layout_footer_links_label()} className="flex flex-wrap gap-x-4 gap-y-2">
          <LegalLinks />
        </nav>
        <p className="text-base-content/60">{m.layout_footer_copyright({ year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
