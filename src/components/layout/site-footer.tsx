import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages';

export function SiteFooter() {
  return (
    <footer className="border-t border-base-300 bg-base-200 text-sm">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label={m.layout_footer_links_label()} className="flex flex-wrap gap-x-4 gap-y-2">
          <Link to="/faq" className="link link-hover">
            {m.nav_faq()}
          </Link>
          <Link to="/contact" className="link link-hover">
            {m.nav_contact()}
          </Link>
          <Link to="/privacy-policy" className="link link-hover">
            {m.nav_privacy()}
          </Link>
          <Link to="/terms-and-conditions" className="link link-hover">
            {m.nav_terms()}
          </Link>
        </nav>
        <p className="text-base-content/60">{m.layout_footer_copyright({ year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
