import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '#src/components/legal-document.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_default/terms-and-conditions')({
  component: TermsPage,
});

const SECTIONS = [
  { title: m.page_terms_s1_title, text: m.page_terms_s1_text },
  { title: m.page_terms_s2_title, text: m.page_terms_s2_text },
  { title: m.page_terms_s3_title, text: m.page_terms_s3_text },
  { title: m.page_terms_s4_title, text: m.page_terms_s4_text },
  { title: m.page_terms_s5_title, text: m.page_terms_s5_text },
  { title: m.page_terms_s6_title, text: m.page_terms_s6_text },
  { title: m.page_terms_s7_title, text: m.page_terms_s7_text },
  { title: m.page_terms_s8_title, text: () => m.page_terms_s8_text({ email: m.common_support_email() }) },
];

function TermsPage() {
  usePageTitle(m.title_terms());
  return <LegalDocument title={m.title_terms()} intro={m.page_terms_intro()} sections={SECTIONS} />;
}
