import type { QueryClient } from '@tanstack/react-query';

// What an admin sees that is counted or listed from referrals' states: the referrals (list and pages),
// payments and what is payable, Insight (funnel, money), the recruiters' pages (counts, referrals,
// scorecards) and the dashboard. A decision on a referral (hiring, call proof, reward), a payment or an
// erasure changes all of them; each feature names its own keys below these roots, and features do not
// import each other, so the roots are listed here. Only the queries on screen refetch; the others are
// marked stale and refetch when next shown, instead of showing the old figures for up to the 30 s the
// cache keeps them fresh.
const REFERRAL_VIEW_ROOTS = [
  ['admin-referrals'],
  ['admin-payments'],
  ['admin-insight'],
  ['admin-recruiters'],
  ['dashboard'],
] as const;

export async function invalidateReferralViews(queryClient: QueryClient): Promise<void> {
  await Promise.all(REFERRAL_VIEW_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
