import { m } from '#src/paraglide/messages.js';
import { getLocale } from '#src/paraglide/runtime.js';
import { localePath } from '#src/shared/locale-path.ts';
import type { TalentLinkView } from '#src/shared/recruiter-types.ts';

// Plain links: these pages also run without the app's router (src/talent-main.tsx), and the server writes
// the same markup before any script runs (link-page.ts).
const privacyHref = () => localePath('/privacy-policy', getLocale());

// The short PDPA notice the talent agrees to: what is shared, with whom, why, their choice and how long
// it is kept (the server's periods: the retention job applies the same). Its version is recorded with the answer, so a change of wording needs a new version.
export function ConsentNotice({ view }: { view: TalentLinkView }) {
  return (
    <section className="rounded-box border border-base-300 bg-base-200/50 p-4" aria-labelledby="consent-notice">
      <h2 id="consent-notice" className="mb-2 font-semibold">
        {m.talent_link_notice_heading()}
      </h2>
      <ul className="flex list-disc flex-col gap-2 ps-5 text-sm">
        <li>{m.talent_link_notice_shared({ company: view.company })}</li>
        <li>{m.talent_link_notice_purpose({ company: view.company, taskTitle: view.taskTitle })}</li>
        <li>{m.talent_link_notice_choice({ recruiterName: view.recruiterName })}</li>
        <li>
          {m.talent_link_notice_retention({
            months: m.period_months({ count: view.retention.inactiveMonths }),
            days: m.period_days({ count: view.retention.declinedDays }),
          })}
        </li>
      </ul>
      <div className="mt-3 flex flex-wrap gap-x-4 text-sm">
        <a href={privacyHref()} className="link link-primary inline-block py-1">
          {m.talent_link_notice_privacy_link()}
        </a>
        {/* Where the withdrawal the notice promises stays possible once this link and the data link expire. */}
        <a href={localePath('/talent/data/request', getLocale())} className="link link-primary inline-block py-1">
          {m.talent_data_request_title()}
        </a>
      </div>
    </section>
  );
}

// The ITA page repeats no notice, only that the answer is kept and passed on.
export function ItaNotice({ view }: { view: TalentLinkView }) {
  return (
    <p className="text-sm text-base-content/80">
      {m.talent_link_ita_notice({ recruiterName: view.recruiterName })}{' '}
      <a href={privacyHref()} className="link link-primary">
        {m.talent_link_notice_privacy_link()}
      </a>
    </p>
  );
}
