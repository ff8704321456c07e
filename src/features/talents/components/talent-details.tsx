import type { ReactNode } from 'react';
import { EDUCATION_LABELS } from '#src/lib/enum-labels/talent-labels.ts';
import { currencyDigits, formatDateTime, formatMoney } from '#src/lib/format.ts';
import { languageName } from '#src/lib/intl-names.ts';
import { m } from '#src/paraglide/messages.js';
import { formatPhone } from '#src/shared/phone.ts';
import type { TalentDetail } from '#src/shared/recruiter-types.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-sm text-base-content/60">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const notGiven = () => <span className="text-base-content/70">{m.talent_not_given()}</span>;

/** Expected salary is kept in major units as typed; formatMoney takes minor units. */
export function formatSalary(amount: number, currency: string): string {
  return formatMoney(Math.round(amount * 10 ** currencyDigits(currency)), currency);
}

// Every field of the talent, read-only; blanks say so rather than disappear.
// `contactable`: false for a talent not to be contacted (contact.ts, withdrawnFromAll): the e-mail and
// phone read as text, not as links that start a message or a call.
export function TalentDetails({ talent, contactable }: { talent: TalentDetail; contactable: boolean }) {
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="talent-details-heading">
      <div className="card-body">
        <h2 id="talent-details-heading" className="card-title text-lg">
          {m.talent_details_heading()}
        </h2>
        <dl className="divide-y divide-base-200">
          <Row label={m.talent_field_email()}>
            {contactable ? (
              <a className="link link-hover break-all" href={`mailto:${talent.email}`}>
                {talent.email}
              </a>
            ) : (
              <span className="break-all">{talent.email}</span>
            )}
          </Row>
          <Row label={m.talent_field_phone()}>
            {contactable ? (
              <a className="link link-hover" href={`tel:${talent.phoneE164}`}>
                {formatPhone(talent.phoneE164)}
              </a>
            ) : (
              formatPhone(talent.phoneE164)
            )}
          </Row>
          <Row label={m.talent_field_location()}>{[talent.location, talent.country].filter(Boolean).join(', ')}</Row>
          <Row label={m.talent_field_languages()}>
            {talent.languages.length > 0 ? talent.languages.map(languageName).join(', ') : notGiven()}
          </Row>
          <Row label={m.talent_field_education()}>
            {EDUCATION_LABELS[talent.educationLevel]?.() ?? talent.educationLevel}
          </Row>
          <Row label={m.talent_field_expected_salary()}>
            {talent.expectedSalary != null
              ? formatSalary(talent.expectedSalary, talent.expectedSalaryCurrency)
              : notGiven()}
          </Row>
          <Row label={m.talent_field_contact_locale()}>{languageName(talent.contactLocale)}</Row>
          <Row label={m.talent_field_work_experience()}>
            {talent.hasWorkExperience == null ? notGiven() : talent.hasWorkExperience ? m.talent_yes() : m.talent_no()}
          </Row>
          <Row label={m.talent_field_years()}>
            {talent.yearsOfExperience != null
              ? m.talent_years_value({ years: String(talent.yearsOfExperience) })
              : notGiven()}
          </Row>
          <Row label={m.talent_field_position()}>{talent.currentPosition || notGiven()}</Row>
          <Row label={m.talent_field_skills()}>
            {talent.skills.length > 0 ? (
              <ul className="flex flex-wrap gap-1">
                {talent.skills.map((skill) => (
                  <li key={skill} className="badge badge-outline badge-sm">
                    {skill}
                  </li>
                ))}
              </ul>
            ) : (
              notGiven()
            )}
          </Row>
          <Row label={m.talent_field_summary()}>
            {talent.summary ? <p className="whitespace-pre-line">{talent.summary}</p> : notGiven()}
          </Row>
          <Row label={m.talent_field_added()}>{formatDateTime(talent.createdAt)}</Row>
        </dl>
      </div>
    </section>
  );
}
