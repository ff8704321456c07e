import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { PayeeSummary } from '#src/components/payee/payee-summary.tsx';
import { recruiterPayeeQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';

// "Tax form details" (issue 46): the recruiter's details for Form CP58, shown only when the admin asks,
// because the server writes each read into the access record (PAYEE_VIEW): an admin opening the page to
// look at tasks has not looked at anyone's identity card number.
export function RecruiterTaxDetails({ recruiterId }: { recruiterId: number }) {
  const [shown, setShown] = useState(false);
  const query = useQuery({ ...recruiterPayeeQueryOptions(recruiterId), enabled: shown });
  return (
    <section
      aria-labelledby="recruiter-tax-details"
      className="card border border-base-300 bg-base-100"
      data-testid="recruiter-tax-details"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <div>
          <h2 id="recruiter-tax-details" className="card-title text-lg">
            {m.admin_recruiters_tax_heading()}
          </h2>
          <p className="text-sm text-base-content/70">{m.admin_recruiters_tax_intro()}</p>
        </div>
        {!shown && (
          <div>
            <button type="button" className="btn btn-sm" onClick={() => setShown(true)}>
              {m.admin_recruiters_tax_show()}
            </button>
          </div>
        )}
        {shown && query.isPending && <div className="skeleton h-24 w-full" aria-busy="true" />}
        {query.isError && <FormAlert message={errorMessage(query.error)} />}
        {query.isSuccess &&
          (query.data ? (
            <PayeeSummary payee={query.data} />
          ) : (
            <p className="text-sm" data-testid="recruiter-tax-none">
              {m.admin_recruiters_tax_none()}
            </p>
          ))}
      </div>
    </section>
  );
}
