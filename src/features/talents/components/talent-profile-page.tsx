import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { AsOfNote } from '#src/components/offline/as-of-note.tsx';
import { talentQueryOptions } from '#src/features/talents/api.ts';
import { telLink, whatsappLink, withdrawnFromAll } from '#src/features/talents/contact.ts';
import { formatDate } from '#src/lib/format.ts';
import { useTalentJustAdded } from '#src/lib/talent-added.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import { CorrectionBanner } from './correction-banner';
import { FinishAdding } from './finish-adding';
import { ReferralPanel } from './referral-panel';
import { ResumeCard } from './resume-card';
import { TalentDetails } from './talent-details';

const route = getRouteApi('/_auth/_recruiter/talents-folder/$id/profile/');

// A talent's profile: details, resume, quick contact, and every referral as a panel that opens in place.
export function TalentProfilePage({ talentId }: { talentId: number }) {
  const { data: talent } = useSuspenseQuery(talentQueryOptions(talentId));
  const { referral: openReferralId } = route.useSearch();
  const { user } = route.useRouteContext();
  const id = String(talent.id);
  // An anonymised talent: no contact, no edit, nothing that would e-mail them (issue 24).
  const erased = talent.erasedAt !== null;
  // A talent who withdrew their consent to every referral of this recruiter's is not to be contacted
  // (each referral says so): no Call, WhatsApp or E-mail then, and no links in the details (issue 42.14).
  const noContact = withdrawnFromAll(talent.referrals);
  const justAdded = useTalentJustAdded();

  return (
    <section className="space-y-5">
      <div className="space-y-2">
        <Link to="/talents-folder" className="link link-hover text-sm">
          ‹ {m.talent_back_to_folder()}
        </Link>
        <h1 className="text-2xl font-semibold break-words">{talentDisplayName(talent.fullName)}</h1>
        {justAdded && (
          <div role="status" className="alert alert-success alert-soft text-sm" data-testid="talent-added">
            {m.add_talent_added()}
          </div>
        )}
        <AsOfNote queryKey={talentQueryOptions(talentId).queryKey} />
        {/* A profile cached before issue 24 has no corrections. */}
        <CorrectionBanner
          talentId={talentId}
          corrections={talent.corrections ?? []}
          talentLocale={talent.contactLocale}
          erased={Boolean(talent.erasedAt)}
        />
        {talent.erasedAt && (
          <div role="status" className="alert alert-info alert-soft text-sm" data-testid="talent-erased">
            {m.talent_erased_notice({ date: formatDate(talent.erasedAt) })}
          </div>
        )}
        {talent.completionTaskId !== null && !erased && (
          <FinishAdding talentId={talent.id} taskId={talent.completionTaskId} />
        )}
        <div className="flex flex-wrap gap-2">
          {!erased && (
            <Link to="/talents-folder/$id/profile/edit" params={{ id }} className="btn btn-sm btn-primary">
              {m.talent_edit_link()}
            </Link>
          )}
          <Link to="/talents-folder/$id/hiring-status" params={{ id }} className="btn btn-sm">
            {m.talent_hiring_status_link()}
          </Link>
        </div>
      </div>

      {!erased && !noContact && (
        <nav aria-label={m.talent_contact_heading()} className="flex flex-wrap gap-2">
          <a className="btn btn-sm btn-outline" href={telLink(talent.phoneE164)}>
            {m.talent_call()}
          </a>
          <a
            className="btn btn-sm btn-outline"
            href={whatsappLink(talent.phoneE164)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {m.talent_whatsapp()}
          </a>
          <a className="btn btn-sm btn-outline" href={`mailto:${talent.email}`}>
            {m.talent_send_email()}
          </a>
        </nav>
      )}

      {/* Nothing personal is left to show: the notice above says so. */}
      {!erased && <TalentDetails talent={talent} contactable={!noContact} />}
      {!erased && <ResumeCard talent={talent} />}

      <section className="space-y-3" aria-labelledby="talent-referrals-heading">
        <h2 id="talent-referrals-heading" className="text-lg font-semibold">
          {m.talent_referrals_heading()}
        </h2>
        {talent.referrals.length === 0 ? (
          <p className="text-sm text-base-content/70">{m.talent_no_referrals()}</p>
        ) : (
          talent.referrals.map((referral) => (
            <ReferralPanel
              key={referral.id}
              summary={referral}
              talent={talent}
              recruiterName={user.fullName}
              initiallyOpen={referral.id === openReferralId}
            />
          ))
        )}
      </section>
    </section>
  );
}
