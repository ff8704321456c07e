import { Link } from '@tanstack/react-router';
import { m } from '#src/paraglide/messages.js';

// FAQ, contact and the legal pages: in the site footer and under the login card.
export function LegalLinks() {
  return (
    <>
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
    </>
  );
}
