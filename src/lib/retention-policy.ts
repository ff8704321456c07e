import { queryOptions, useQuery } from '@tanstack/react-query';
import { m } from '#src/paraglide/messages.js';
import { DEFAULT_RETENTION, type RetentionPolicy } from '#src/shared/retention.ts';

// The retention periods this server applies (RETENTION_* in its environment), for the texts that promise
// them: the privacy policy. A plain fetch, not the API client: the public pages stay light.
export const retentionPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'retention'],
    queryFn: async (): Promise<RetentionPolicy> => {
      const response = await fetch('/api/config');
      if (!response.ok) throw new Error(`config ${response.status}`);
      const body = (await response.json()) as { data?: { retention?: RetentionPolicy } };
      return body.data?.retention ?? DEFAULT_RETENTION;
    },
    staleTime: 60 * 60 * 1000,
  });

/** The server's periods; the policy's own values until they arrive (or when the server cannot be reached). */
export function useRetentionPolicy(): RetentionPolicy {
  return useQuery(retentionPolicyQueryOptions()).data ?? DEFAULT_RETENTION;
}

/** The periods as words in the reader's language ("24 months", "30 days"), for the privacy texts. */
export const retentionWords = (policy: RetentionPolicy) => ({
  inactive: m.period_months({ count: policy.inactiveMonths }),
  declined: m.period_days({ count: policy.declinedDays }),
  payments: m.period_years({ count: policy.paymentYears }),
  accessLog: m.period_months({ count: policy.accessLogMonths }),
});
