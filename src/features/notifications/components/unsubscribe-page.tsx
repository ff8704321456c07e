import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { emailPreferenceQueryOptions, useUnsubscribeMutation } from '#src/features/notifications/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { emailTopicName } from '#src/lib/enum-labels/notification-labels.ts';
import { m } from '#src/paraglide/messages.js';

// /notifications/unsubscribe?token=…: the one-click way out of a kind of e-mail, from the e-mail itself.
// Works signed out (the token is the key); the page's language is the e-mail's (its link has the prefix).
export function UnsubscribePage({ token }: { token: string }) {
  const query = useQuery(emailPreferenceQueryOptions(token));
  const stop = useUnsubscribeMutation(token);
  const error = query.error ? asAppError(query.error) : null;

  let body: ReactNode;
  if (error && !query.data) {
    body =
      error.code === 'INVALID_TOKEN' || error.status === 400 || error.status === 404 ? (
        <Problem text={m.notification_unsubscribe_invalid()} />
      ) : (
        <div role="alert" className="alert alert-soft alert-error flex flex-wrap items-center gap-2">
          <span className="flex-1">{errorMessage(error)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            {m.list_retry()}
          </button>
        </div>
      );
  } else if (!query.data) {
    body = (
      <p role="status" className="flex items-center gap-2 text-base-content/70">
        <span className="loading loading-spinner loading-md" aria-hidden="true" />
        {m.common_loading()}
      </p>
    );
  } else {
    const topic = emailTopicName(query.data.topic);
    body = query.data.email ? (
      <section className="flex flex-col gap-3 rounded-box border border-base-300 p-4" data-testid="unsubscribe-ask">
        <p className="text-lg">{m.notification_unsubscribe_current({ topic })}</p>
        <p className="text-sm text-base-content/70">{m.notification_unsubscribe_hint()}</p>
        {stop.error && (
          <div role="alert" className="alert alert-soft alert-error">
            <span>
              {asAppError(stop.error).code === 'INVALID_TOKEN'
                ? m.notification_unsubscribe_invalid()
                : errorMessage(stop.error)}
            </span>
          </div>
        )}
        <div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={stop.isPending}
            aria-busy={stop.isPending}
            onClick={() => stop.mutate()}
          >
            {stop.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {m.notification_unsubscribe_action()}
          </button>
        </div>
      </section>
    ) : (
      <Stopped topic={topic} justNow={stop.isSuccess} />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <h1 className="text-2xl font-semibold">{m.title_notification_unsubscribe()}</h1>
      {body}
      <p>
        <Link to="/account" hash="account-notifications" className="link link-primary">
          {m.notification_unsubscribe_all_choices()}
        </Link>
      </p>
    </div>
  );
}

/** The outcome, read out when it replaces the button just pressed. */
function Stopped({ topic, justNow }: { topic: string; justNow: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (justNow) ref.current?.focus();
  }, [justNow]);
  return (
    <section
      className="flex flex-col gap-2 rounded-box border border-success/40 bg-success/10 p-4"
      data-testid="unsubscribe-done"
    >
      <p ref={ref} tabIndex={-1} className="text-lg font-semibold outline-none">
        {m.notification_unsubscribe_done({ topic })}
      </p>
      <p className="text-sm text-base-content/70">{m.notification_unsubscribe_done_hint()}</p>
    </section>
  );
}

function Problem({ text }: { text: string }) {
  return (
    // Plain text on the page's background: the soft warning alert's orange on cream is too faint (axe).
    <div role="alert" className="rounded-box border border-warning p-4" data-testid="unsubscribe-invalid">
      <p>{text}</p>
    </div>
  );
}
