import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '#src/components/legal-document.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_default/privacy-policy')({
  component: PrivacyPolicyPage,
});

const SECTIONS = [
  { title: m.page_privacy_s1_title, text: m.page_privacy_s1_text },
  { title: m.page_privacy_s2_title, text: m.page_privacy_s2_text },
  { title: m.page_privacy_s3_title, text: m.page_privacy_s3_text },
  { title: m.page_privacy_s4_title, text: m.page_privacy_s4_text },
  { title: m.page_privacy_s5_title, text: m.page_privacy_s5_text },
  { title: m.page_privacy_s6_title, text: m.page_privacy_s6_text },
  { title: m.page_privacy_s7_title, text: m.page_privacy_s7_text },
  { title: m.page_privacy_s8_title, text: m.page_privacy_s8_text },
  { title: m.page_privacy_s9_title, text: m.page_privacy_s9_text },
  { title: m.page_privacy_s10_title, text: () => m.page_privacy_s10_text({ email: m.common_support_email() }) },
];

function PrivacyPolicyPage() {
  usePageTitle(m.title_privacy());
  return <LegalDocument title={m.title_privacy()} intro={m.page_privacy_intro()} sections={SECTIONS} />;
}
