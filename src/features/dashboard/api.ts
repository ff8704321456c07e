import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import type { AdminDashboard, RecruiterDashboard } from '#src/shared/dashboard-types.ts';
import type { Scorecard } from '#src/shared/insight.ts';

// The dashboard's two calls. Saved with the rest of the query cache, so the numbers still read offline
// (with the "as of" note).

/** My "what to do next" and numbers per month (`GET /api/recruiter/dashboard`). */
export const recruiterDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'recruiter'],
    queryFn: (): Promise<RecruiterDashboard> => unwrap(api.api.recruiter.dashboard.$get()),
  });

/** The platform's numbers (`GET /api/admin/dashboard`). */
export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'admin'],
    queryFn: (): Promise<AdminDashboard> => unwrap(api.api.admin.dashboard.$get()),
  });

/** My scorecard (`GET /api/recruiter/scorecard`): the score, its parts and what would raise it. */
export const recruiterScorecardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'scorecard'],
    queryFn: (): Promise<Scorecard> => unwrap(api.api.recruiter.scorecard.$get()),
  });
