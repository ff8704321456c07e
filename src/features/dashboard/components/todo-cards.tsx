import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDateTime } from '#src/lib/format.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { RecruiterDashboard } from '#src/shared/dashboard-types.ts';

// "What to do next": three short lists, each item a link to where the work is done.

function TodoCard({
  id,
  title,
  total,
  empty,
  more,
  moreLink,
  children,
}: {
  id: string;
  title: string;
  total: number;
  empty: string;
  more: number;
  /** Where the whole list is, when there is such a page. */
  moreLink?: (text: string) => ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby={id} data-testid={id}>
      <div className="card-body gap-2 p-4">
        <h3 id={id} className="card-title flex items-center justify-between text-base">
          <span>{title}</span>
          <span className={`badge badge-sm ${total > 0 ? 'badge-warning' : 'badge-ghost'}`}>{total}</span>
        </h3>
        {total === 0 ? (
          <p className="text-sm text-base-content/70">{empty}</p>
        ) : (
          <>
            <ul className="divide-y divide-base-200">{children}</ul>
            {more > 0 && (
              <p className="text-sm text-base-content/70">
                {moreLink
                  ? moreLink(m.dashboard_more({ count: String(more) }))
                  : m.dashboard_more({ count: String(more) })}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

// A consent or call-proof item: the talent (opening that referral on the profile) and the task it is for.
function ReferralTalent({
  item,
}: {
  item: { talentId: number; referralId: number; talentName: string; taskCode: string; taskTitle: string };
}) {
  return (
    <>
      <Link
        to="/talents-folder/$id/profile"
        params={{ id: String(item.talentId) }}
        search={{ referral: item.referralId }}
        className="link link-hover font-medium"
      >
        {talentDisplayName(item.talentName)}
      </Link>
      <p className="text-sm text-base-content/70">
        {item.taskCode} · {item.taskTitle}
      </p>
    </>
  );
}

export function TodoCards({ data }: { data: RecruiterDashboard }) {
  const { consentWaiting, rejectedCallProofs, closingSoon, halfAdded } = data.todo;
  const time = (value: string) => formatDateTime(value, { timeZone: data.timeZone });
  return (
    <div className="grid gap-3 md:grid-cols-3">
      {halfAdded.total > 0 && (
        // Talents whose resume was dropped but whose profile was never completed: the folder shows each.
        <p className="alert alert-warning text-sm md:col-span-3" data-testid="todo-half-added">
          <Link to="/talents-folder" className="link font-medium">
            {m.dashboard_half_added({ count: halfAdded.total })}
          </Link>
        </p>
      )}
      <TodoCard
        id="todo-consent"
        title={m.dashboard_consent_heading()}
        total={consentWaiting.total}
        empty={m.dashboard_consent_empty()}
        more={consentWaiting.total - consentWaiting.items.length}
        moreLink={(text) => (
          <Link to="/talents-folder" search={{ consent: 'PENDING' }} className="link link-primary">
            {text}
          </Link>
        )}
      >
        {consentWaiting.items.map((item) => (
          <li key={item.referralId} className="py-2">
            <ReferralTalent item={item} />
            <p className={`text-xs ${item.linkExpired ? 'text-error' : 'text-base-content/60'}`}>
              {item.linkExpired
                ? m.dashboard_consent_expired({ time: time(item.sentAt) })
                : m.dashboard_consent_sent({ time: time(item.sentAt) })}
            </p>
          </li>
        ))}
      </TodoCard>

      <TodoCard
        id="todo-call-proofs"
        title={m.dashboard_proofs_heading()}
        total={rejectedCallProofs.total}
        empty={m.dashboard_proofs_empty()}
        more={rejectedCallProofs.total - rejectedCallProofs.items.length}
      >
        {rejectedCallProofs.items.map((item) => (
          <li key={item.callProofId} className="py-2">
            <ReferralTalent item={item} />
            <p className="text-xs text-error">
              {item.reason ? m.dashboard_proofs_reason({ reason: item.reason }) : m.dashboard_proofs_no_reason()}
            </p>
          </li>
        ))}
      </TodoCard>

      <TodoCard
        id="todo-closing"
        title={m.dashboard_closing_heading()}
        total={closingSoon.total}
        empty={m.dashboard_closing_empty()}
        more={closingSoon.total - closingSoon.items.length}
      >
        {closingSoon.items.map((item) => (
          <li key={item.taskId} className="py-2">
            <Link to="/manage-task/$id" params={{ id: String(item.taskId) }} className="link link-hover font-medium">
              {item.title}
            </Link>
            <p className="text-sm text-base-content/70">
              {item.code} · {item.company}
            </p>
            <p className="text-xs text-base-content/60">
              {m.dashboard_closing_at({ time: time(item.expiresAt) })} ·{' '}
              {m.dashboard_closing_referrals({ count: String(item.myReferrals) })}
            </p>
          </li>
        ))}
      </TodoCard>
    </div>
  );
}
