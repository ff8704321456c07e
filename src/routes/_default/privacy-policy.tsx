import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument, type LegalSection } from '#src/components/legal-document.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { retentionWords, useRetentionPolicy } from '#src/lib/retention-policy.ts';
import { m } from '#src/paraglide/messages.js';
import type { RetentionPolicy } from '#src/shared/retention.ts';

export const Route = createFileRoute('/_default/privacy-policy')({
  component: PrivacyPolicyPage,
});

// Section 7 states the periods the retention job applies on this server (issue 24), read from it.
const sections = (policy: RetentionPolicy): LegalSection[] => [
  { title: m.page_privacy_s1_title, text: m.page_privacy_s1_text },
  { title: m.page_privacy_s2_title, text: m.page_privacy_s2_text },
  { title: m.page_privacy_s3_title, text: m.page_privacy_s3_text },
  { title: m.page_privacy_s4_title, text: m.page_privacy_s4_text },
  { title: m.page_privacy_s5_title, text: m.page_privacy_s5_text },
  { title: m.page_privacy_s6_title, text: m.page_privacy_s6_text },
  { title: m.page_privacy_s7_title, text: () => m.page_privacy_s7_text(retentionWords(policy)) },
  { title: m.page_privacy_s8_title, text: m.page_privacy_s8_text },
  { title: m.page_privacy_s9_title, text: m.page_privacy_s9_text },
  { title: m.page_privacy_s10_title, text: () => m.page_privacy_s10_text({ email: m.common_support_email() }) },
];

function PrivacyPolicyPage() {
  usePageTitle(m.title_privacy());
  const policy = useRetentionPolicy();
  return <LegalDocument title={m.title_privacy()} intro={m.page_privacy_intro()} sections={sections(policy)} />;
}
