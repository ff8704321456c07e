import { type TalentLinkKind, useOpenDataLinkMutation } from '#src/features/talent-links/api.ts';
import { asAppError } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import { getLocale } from '#src/paraglide/runtime.js';
import { localePath } from '#src/shared/locale-path.ts';

// "See or manage your data" under a consent or ITA link (issue 24): the link's token buys a fresh data
// link for its talent, and the page goes there. The token never appears in the data page's address. A
// page load, not the router's: the link pages also run without it (src/talent-main.tsx).
export function OpenDataLink({ kind, token }: { kind: TalentLinkKind; token: string }) {
  const open = useOpenDataLinkMutation(kind, token);
  const error = open.error ? asAppError(open.error) : null;
  return (
    <div className="flex flex-col gap-2 border-t border-base-300 pt-4">
      <button
        type="button"
        className="btn btn-link justify-start px-0"
        disabled={open.isPending}
        aria-busy={open.isPending}
        onClick={() =>
          open.mutate(undefined, {
            onSuccess: ({ token: dataToken }) =>
              window.location.assign(
                `${localePath('/talent/data', getLocale())}?${new URLSearchParams({ token: dataToken })}`,
              ),
          })
        }
      >
        {open.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {m.talent_data_open_link()}
      </button>
      {error?.status === 410 ? (
        // The link gives data links only while it is valid (72 hours); a new one comes by e-mail.
        <p role="alert" className="text-sm">
          {m.talent_data_expired_text()}{' '}
          <a className="link" href={localePath('/talent/data/request', getLocale())}>
            {m.talent_data_request_link()}
          </a>
        </p>
      ) : (
        error && (
          <p role="alert" className="text-sm text-error">
            {error.status === 429 ? m.talent_link_rate_limited_text() : m.talent_link_answer_server_error()}
          </p>
        )
      )}
    </div>
  );
}
