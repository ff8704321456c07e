import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { ScrollRegion } from '#src/components/list/scroll-region.tsx';
import { ConsentBadge, HiringBadge, ItaBadge, RewardBadge } from '#src/components/status/referral-badges.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { downloadPersonExport, personQueryOptions } from '#src/features/admin-data-protection/api.ts';
import {
  ACCESS_ACTION_LABELS,
  EMAIL_STATUS_LABELS,
  emailTemplateLabel,
  FILE_PURPOSE_LABELS,
  LINK_KIND_LABELS,
  linkState,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
} from '#src/features/admin-data-protection/labels.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { EDUCATION_LABELS } from '#src/lib/enum-labels/talent-labels.ts';
import { fetchFileBlob, saveBlob } from '#src/lib/files.ts';
import { formatBytes, formatDate, formatDateTime, formatMoney } from '#src/lib/format.ts';
import { languageName } from '#src/lib/intl-names.ts';
import { talentContact, talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { EraseAnswer, PersonView as Person, PersonFile } from '#src/shared/data-protection-types.ts';
import type { EducationLevel } from '#src/shared/enums.ts';
import { formatPhone } from '#src/shared/phone.ts';
import { EraseDialog } from './erase-dialog';

// Everything held about one person, section by section, with Export and "Erase now". Opening it is a
// line in the record of access (the server writes it).
export function PersonView({
  talentId,
  onBack,
  onErased,
}: {
  talentId: number;
  onBack: () => void;
  onErased: (answer: EraseAnswer) => void;
}) {
  const query = useQuery(personQueryOptions(talentId));
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [erasing, setErasing] = useState(false);

  async function exportJson() {
    setExporting(true);
    try {
      const { blob, name, person } = await downloadPersonExport(talentId);
      saveBlob(blob, name);
      queryClient.setQueryData(personQueryOptions(talentId).queryKey, person);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  }

  const back = (
    <button type="button" className="link link-hover text-sm" onClick={onBack}>
      ‹ {m.data_protection_back_to_search()}
    </button>
  );
  if (query.isPending)
    return (
      <div className="space-y-3">
        {back}
        <RowSkeletons />
      </div>
    );
  if (query.isError)
    return (
      <div className="space-y-3">
        {back}
        <FormAlert message={errorMessage(query.error)} />
      </div>
    );
  const person = query.data;
  const name = talentDisplayName(person.profile.fullName);

  return (
    <article className="space-y-5" data-testid="person-view">
      <div className="space-y-2">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold break-words">{name}</h2>
            <p className="text-sm break-all text-base-content/70">
              {talentContact(person.profile.email, formatPhone(person.profile.phone))}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm"
              onClick={exportJson}
              disabled={exporting}
              aria-busy={exporting}
            >
              {exporting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {m.data_protection_export()}
            </button>
            <button type="button" className="btn btn-sm btn-error" onClick={() => setErasing(true)}>
              {m.data_protection_erase_now()}
            </button>
          </div>
        </div>
        {person.profile.erasedAt && (
          <div role="status" className="alert alert-info alert-soft text-sm">
            {m.talent_erased_notice({ date: formatDate(person.profile.erasedAt) })}
          </div>
        )}
      </div>

      <ProfileSection person={person} />
      <ReferralsSection person={person} />
      <FilesSection files={person.files} />
      <LinksSection person={person} />
      <EmailsSection person={person} />
      <RequestsSection person={person} />
      <AccessSection person={person} />

      {erasing && (
        <EraseDialog
          talentId={talentId}
          name={name}
          onCancel={() => setErasing(false)}
          onDone={(answer) => {
            setErasing(false);
            onErased(answer);
          }}
        />
      )}
    </article>
  );
}

function Section({
  title,
  count,
  testId,
  children,
}: {
  title: string;
  count?: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-2" data-testid={testId}>
      <h3 className="text-lg font-semibold">
        {title}
        {count !== undefined && <span className="ml-2 badge badge-ghost badge-sm align-middle">{count}</span>}
      </h3>
      {children}
    </section>
  );
}

const None = () => <p className="text-sm text-base-content/60">{m.data_protection_none()}</p>;

function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <ScrollRegion label={label}>
      <table className="table table-sm">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

function ProfileSection({ person }: { person: Person }) {
  const p = person.profile;
  const rows: Array<[string, ReactNode]> = [
    [m.data_protection_field_recruiter(), `${p.recruiter.name} (${p.recruiter.email})`],
    [m.data_protection_field_location(), [p.location, p.country].filter(Boolean).join(', ')],
    [m.data_protection_field_education(), EDUCATION_LABELS[p.educationLevel as EducationLevel]?.() ?? p.educationLevel],
    [m.data_protection_field_languages(), p.languages.map(languageName).join(', ')],
    [m.data_protection_field_position(), p.currentPosition ?? ''],
    [m.data_protection_field_skills(), p.skills.join(', ')],
    [
      m.data_protection_field_salary(),
      p.expectedSalary === null ? '' : formatMoney(p.expectedSalary, p.expectedSalaryCurrency),
    ],
    [m.data_protection_field_resume_text(), p.hasResumeText ? m.data_protection_yes() : m.data_protection_no()],
    [m.data_protection_field_created(), formatDateTime(p.createdAt)],
    [m.data_protection_field_updated(), formatDateTime(p.updatedAt)],
  ];
  return (
    <Section title={m.data_protection_section_profile()} testId="person-profile">
      <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-base-content/60">{label}</dt>
            <dd className="min-w-0 break-words">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function ReferralsSection({ person }: { person: Person }) {
  return (
    <Section title={m.data_protection_section_referrals()} count={person.referrals.length} testId="person-referrals">
      {person.referrals.length === 0 ? (
        <None />
      ) : (
        <Table
          label={m.data_protection_section_referrals()}
          head={[
            m.data_protection_col_task(),
            m.data_protection_col_statuses(),
            m.data_protection_col_reward(),
            m.data_protection_col_payment(),
            m.data_protection_col_created(),
          ]}
        >
          {person.referrals.map((r) => (
            <tr key={r.id}>
              <td>
                {r.task.code} · {r.task.title}
              </td>
              <td>
                <div className="flex flex-wrap gap-1">
                  <ConsentBadge status={r.consentStatus} withdrawn={r.consentWithdrawnAt !== null} />
                  <ItaBadge status={r.itaStatus} />
                  <HiringBadge status={r.hiringStatus} />
                </div>
              </td>
              <td>
                <div className="flex flex-wrap items-center gap-1">
                  <RewardBadge status={r.rewardStatus} withdrawn={r.consentWithdrawnAt !== null} />
                  {r.rewardAmount !== null && r.rewardCurrency && (
                    <span>{formatMoney(r.rewardAmount, r.rewardCurrency)}</span>
                  )}
                </div>
              </td>
              <td>{r.paymentId === null ? '—' : `#${r.paymentId}`}</td>
              <td className="whitespace-nowrap">{formatDate(r.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

function FilesSection({ files }: { files: PersonFile[] }) {
  async function download(file: PersonFile) {
    try {
      saveBlob(await fetchFileBlob(file.id, 'attachment'), file.name || `file-${file.id}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <Section title={m.data_protection_section_files()} count={files.length} testId="person-files">
      {files.length === 0 ? (
        <None />
      ) : (
        <Table
          label={m.data_protection_section_files()}
          head={[
            m.data_protection_col_kind(),
            m.data_protection_col_name(),
            m.data_protection_col_size(),
            m.data_protection_col_created(),
            '',
          ]}
        >
          {files.map((f) => (
            <tr key={f.id}>
              <td>{FILE_PURPOSE_LABELS[f.purpose]()}</td>
              <td className="break-all">{f.name || '—'}</td>
              <td className="whitespace-nowrap">{formatBytes(f.size)}</td>
              <td className="whitespace-nowrap">{formatDate(f.createdAt)}</td>
              <td className="text-right">
                {f.href ? (
                  <button type="button" className="btn btn-xs" onClick={() => download(f)}>
                    {m.data_protection_download()}
                  </button>
                ) : (
                  <span className="text-xs text-base-content/60">{m.data_protection_file_gone()}</span>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

function LinksSection({ person }: { person: Person }) {
  const now = new Date();
  return (
    <Section title={m.data_protection_section_links()} count={person.links.length} testId="person-links">
      {person.links.length === 0 ? (
        <None />
      ) : (
        <Table
          label={m.data_protection_section_links()}
          head={[
            m.data_protection_col_kind(),
            m.data_protection_col_state(),
            m.data_protection_col_created(),
            m.data_protection_col_expires(),
          ]}
        >
          {person.links.map((l) => (
            <tr key={l.id}>
              <td>{(LINK_KIND_LABELS[l.kind] ?? m.data_protection_link_other)()}</td>
              <td>{linkState(l, now)}</td>
              <td className="whitespace-nowrap">{formatDateTime(l.createdAt)}</td>
              <td className="whitespace-nowrap">{formatDateTime(l.expiresAt)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

function EmailsSection({ person }: { person: Person }) {
  return (
    <Section title={m.data_protection_section_emails()} count={person.emails.length} testId="person-emails">
      {person.emails.length === 0 ? (
        <None />
      ) : (
        <Table
          label={m.data_protection_section_emails()}
          head={[
            m.data_protection_col_template(),
            m.data_protection_col_state(),
            m.data_protection_col_created(),
            m.data_protection_col_sent(),
          ]}
        >
          {person.emails.map((e) => (
            <tr key={e.id}>
              <td>{emailTemplateLabel(e.template)}</td>
              <td>{(EMAIL_STATUS_LABELS[e.status] ?? m.data_protection_email_status_pending)()}</td>
              <td className="whitespace-nowrap">{formatDateTime(e.createdAt)}</td>
              <td className="whitespace-nowrap">{e.sentAt ? formatDateTime(e.sentAt) : '—'}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

function RequestsSection({ person }: { person: Person }) {
  return (
    <Section title={m.data_protection_section_requests()} count={person.requests.length} testId="person-requests">
      {person.requests.length === 0 ? (
        <None />
      ) : (
        <Table
          label={m.data_protection_section_requests()}
          head={[
            m.data_protection_col_kind(),
            m.data_protection_col_state(),
            m.data_protection_col_message(),
            m.data_protection_col_due(),
          ]}
        >
          {person.requests.map((r) => (
            <tr key={r.id}>
              <td>{REQUEST_KIND_LABELS[r.kind]()}</td>
              <td>{REQUEST_STATUS_LABELS[r.status]()}</td>
              <td className="break-words">{r.message ?? '—'}</td>
              <td className="whitespace-nowrap">{formatDate(r.dueAt)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

function AccessSection({ person }: { person: Person }) {
  return (
    <Section title={m.data_protection_section_access()} count={person.access.length} testId="person-access">
      {person.access.length === 0 ? (
        <None />
      ) : (
        <Table
          label={m.data_protection_section_access()}
          head={[m.data_protection_col_when(), m.data_protection_col_what(), m.data_protection_col_who()]}
        >
          {person.access.map((a) => (
            <tr key={a.id}>
              <td className="whitespace-nowrap">{formatDateTime(a.createdAt)}</td>
              <td>{(ACCESS_ACTION_LABELS[a.action] ?? (() => a.action))()}</td>
              <td>
                {a.actorName ??
                  (a.actorKind === 'TALENT' ? m.data_protection_actor_talent() : m.data_protection_actor_system())}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}
