import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { useRequestDataLinkMutation } from '#src/features/talent-links/api.ts';
import { asAppError } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import { talentDataLinkRequestSchema } from '#src/shared/talent-link-schemas.ts';

// `/talent/data/request`: a talent without a working link types their address and gets one by e-mail.
// The answer is the same whether the address is known or not, so the page reveals nothing either.
export function DataLinkRequestPage() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const request = useRequestDataLinkMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!v.is(talentDataLinkRequestSchema, { email })) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    request.mutate(email.trim());
  };
  const error = request.error ? asAppError(request.error) : null;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <h1 className="text-2xl font-semibold">{m.talent_data_request_title()}</h1>
      {request.isSuccess ? (
        <p role="status" className="alert alert-soft alert-success" data-testid="talent-data-request-done">
          {m.talent_data_request_done()}
        </p>
      ) : (
        <>
          <p className="text-base-content/80">{m.talent_data_request_intro()}</p>
          <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
            <label className="flex flex-col gap-1">
              <span>{m.talent_data_request_email()}</span>
              <input
                type="email"
                autoComplete="email"
                inputMode="email"
                className="input input-bordered w-full"
                value={email}
                aria-invalid={invalid}
                onChange={(event) => setEmail(event.target.value)}
              />
            </label>
            {invalid && <p className="text-sm text-error">{m.error_field_email_invalid()}</p>}
            {error && (
              <div role="alert" className="alert alert-soft alert-error">
                <span>
                  {error.status === 429 ? m.talent_link_rate_limited_text() : m.talent_link_answer_server_error()}
                </span>
              </div>
            )}
            <button type="submit" className="btn btn-primary sm:self-start" disabled={request.isPending}>
              {request.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {m.talent_data_request_send()}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
