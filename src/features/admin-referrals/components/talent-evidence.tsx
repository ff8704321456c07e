import { useEffect, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { EDUCATION_LABELS, RATING_LABELS } from '#src/lib/enum-labels/talent-labels.ts';
import { fetchFileBlob, saveBlob } from '#src/lib/files.ts';
import { formatBytes } from '#src/lib/format.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminReferralDetail } from '#src/shared/admin-referral-types.ts';

type Resume = NonNullable<AdminReferralDetail['talent']['resume']>;

const previewKind = (mimeType: string): 'pdf' | 'image' | null =>
  mimeType === 'application/pdf' ? 'pdf' : /^image\/(png|jpeg|webp|gif)$/.test(mimeType) ? 'image' : null;

// The CV in place: a PDF or an image is fetched with the bearer token (each read is recorded by the
// server) and shown from a blob; Word and other files are a download.
function CvPreview({ resume, talentName }: { resume: Resume; talentName: string }) {
  const kind = previewKind(resume.mimeType);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (!kind) return;
    let live = true;
    let created: string | null = null;
    fetchFileBlob(resume.id, 'inline').then(
      (blob) => {
        if (!live) return;
        // A typed blob, so the browser's PDF viewer opens it whatever the server's header said.
        created = URL.createObjectURL(new Blob([blob], { type: resume.mimeType }));
        setUrl(created);
      },
      (failure) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [resume.id, resume.mimeType, kind]);

  async function download() {
    setDownloading(true);
    try {
      saveBlob(await fetchFileBlob(resume.id), resume.name);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  }

  const title = m.admin_hiring_cv_preview_title({ name: talentName });
  return (
    <div className="space-y-2" data-testid="cv-preview">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <button type="button" className="btn btn-xs btn-outline" onClick={() => void download()} disabled={downloading}>
          {downloading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {m.admin_hiring_cv_download({ name: resume.name })}
        </button>
        <span className="text-base-content/70">{formatBytes(resume.size)}</span>
      </div>
      {!kind && <p className="text-sm text-base-content/70">{m.admin_hiring_cv_no_preview()}</p>}
      {error && <FormAlert message={error} />}
      {kind && !url && !error && <div className="skeleton h-64 w-full" aria-busy="true" />}
      {url && kind === 'pdf' && (
        // Browsers' PDF viewers read these: no thumbnail pane, the page fitted to the frame's width.
        <iframe
          src={`${url}#navpanes=0&view=FitH`}
          title={title}
          className="h-[70vh] w-full rounded-box border border-base-300 bg-base-100"
        />
      )}
      {url && kind === 'image' && (
        <img src={url} alt={title} className="max-h-[70vh] w-auto max-w-full rounded-box border border-base-300" />
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-base-content/60">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

// What the admin decides with, on the referral's screen (issue 21): the talent's facts, the recruiter's
// rating and note, and the CV itself.
export function TalentEvidence({ referral }: { referral: AdminReferralDetail }) {
  const { talent } = referral;
  return (
    <section className="space-y-3" aria-labelledby={`talent-${referral.id}`}>
      <h3 id={`talent-${referral.id}`} className="font-semibold">
        {m.admin_hiring_section_talent()}
      </h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <Fact label={m.talent_field_education()}>
          {EDUCATION_LABELS[talent.educationLevel]?.() ?? talent.educationLevel}
        </Fact>
        <Fact label={m.talent_field_years()}>
          {talent.yearsOfExperience === null ? '—' : m.admin_hiring_years({ count: talent.yearsOfExperience })}
        </Fact>
        <Fact label={m.talent_field_position()}>{talent.currentPosition ?? '—'}</Fact>
        <Fact label={m.add_talent_rating()}>{referral.rating ? RATING_LABELS[referral.rating]() : '—'}</Fact>
        <div className="col-span-2 sm:col-span-4">
          <dt className="text-xs text-base-content/60">{m.talent_field_skills()}</dt>
          <dd className="mt-1 flex flex-wrap gap-1">
            {talent.skills.length === 0
              ? '—'
              : talent.skills.map((skill) => (
                  <span key={skill} className="badge badge-sm badge-ghost">
                    {skill}
                  </span>
                ))}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-4">
          <dt className="text-xs text-base-content/60">{m.add_talent_note()}</dt>
          <dd className="text-sm whitespace-pre-line" data-testid="recruiter-note">
            {referral.recruiterNote ?? '—'}
          </dd>
        </div>
      </dl>
      <div>
        <h4 className="mb-1 text-sm font-medium">{m.admin_hiring_cv()}</h4>
        {talent.resume ? (
          <CvPreview resume={talent.resume} talentName={talentDisplayName(referral.talentName)} />
        ) : (
          <p className="text-sm text-base-content/70">{m.admin_hiring_cv_none()}</p>
        )}
      </div>
    </section>
  );
}
