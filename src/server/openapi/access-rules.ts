import type { Role } from '#src/shared/enums.ts';

/** Who may call a route: anyone, any signed-in user, or a user with a role. */
export type Access = 'public' | 'signed-in' | Role;

// The same rules as app.ts's area guards (every /api/recruiter route but the auth calls needs
// ROLE_RECRUITER, every /api/admin route ROLE_ADMIN) and the routes that install `requireUser` themselves.
// tests/server/openapi.test.ts holds each route's rule against route-catalog.ts, whose answers the
// authorization matrix checks on the real app, so a rule here cannot drift from the code.
const SIGNED_IN = [
  /^\/api\/account(\/|$)/,
  /^\/api\/notifications(\/|$)/,
  /^\/api\/files\//,
  /^\/api\/recruiter\/auth\/me$/,
];

// Only recruiters are paid: the payee details for Form CP58 are theirs alone (issue 46).
const RECRUITER_ACCOUNT = [/^\/api\/account\/payee$/];

export function accessOf(path: string): Access {
  if (path.startsWith('/api/admin/') || path === '/api/admin') return 'ROLE_ADMIN';
  if (RECRUITER_ACCOUNT.some((rule) => rule.test(path))) return 'ROLE_RECRUITER';
  if (SIGNED_IN.some((rule) => rule.test(path))) return 'signed-in';
  if (path.startsWith('/api/recruiter/auth/')) return 'public';
  if (path.startsWith('/api/recruiter/')) return 'ROLE_RECRUITER';
  return 'public';
}

/** The tag (a section of the docs page) a route belongs to. */
export function tagOf(path: string): string {
  const rules: [RegExp, string][] = [
    [/^\/api\/(auth|recruiter\/auth)\//, 'Auth'],
    [/^\/api\/(health|ready|config|client-errors|openapi\.json|docs)/, 'Service'],
    [/^\/api\/recruiter\/(task|recruiter\/task)/, 'Tasks'],
    [/^\/api\/recruiter\/talent-task/, 'Referrals'],
    [/^\/api\/recruiter\/talent/, 'Talents'],
    [/^\/api\/recruiter\/(dashboard|earning|scorecard)/, 'Earnings and dashboard'],
    [/^\/api\/recruiter\/ai\//, 'AI notes'],
    [/^\/api\/files\//, 'Files'],
    [/^\/api\/public\/notifications\//, 'Notifications'],
    [/^\/api\/public\/review/, "Companies' review links"],
    [/^\/api\/public\//, "Talents' links"],
    [/^\/api\/admin\/recruiters/, 'Admin: recruiters'],
    [/^\/api\/admin\/tasks/, 'Admin: tasks'],
    [/^\/api\/admin\/promos/, 'Admin: promotions'],
    [/^\/api\/admin\/referrals/, 'Admin: referrals'],
    [/^\/api\/admin\/(payments|withholding)/, 'Admin: payments'],
    [/^\/api\/admin\/(access-log|data-locations|data-protection)/, 'Admin: data protection'],
    [/^\/api\/admin\/companies/, 'Admin: companies'],
    [/^\/api\/admin\/cp58/, 'Admin: paperwork'],
    [/^\/api\/admin\/dashboard/, 'Admin: dashboard'],
    [/^\/api\/admin\/insight/, 'Admin: insight'],
    [/^\/api\/account/, 'Account'],
    [/^\/api\/notifications/, 'Notifications'],
  ];
  return rules.find(([rule]) => rule.test(path))?.[1] ?? 'Other';
}

export const TAGS = [
  ['Auth', 'Sign in, tokens, passwords (the seed calls)'],
  ['Service', 'Health, settings and this description'],
  ['Tasks', "The recruiter's task board and own tasks"],
  ['Talents', "The recruiter's talents and resumes"],
  ['Referrals', 'Talents referred to tasks (talent-task)'],
  ['Earnings and dashboard', "The recruiter's figures"],
  ['AI notes', "Checking and rewriting the recruiter's notes"],
  ['Files', 'Resumes and call proofs'],
  ["Talents' links", 'What talents open from their e-mails: consent, intent to apply, their data'],
  ["Companies' review links", "What a hiring company's contact opens from their e-mail: candidates to review"],
  ['Notifications', 'In-app notifications, preferences, push devices'],
  ['Account', "The signed-in user's account and devices"],
  ['Admin: recruiters', ''],
  ['Admin: tasks', ''],
  ['Admin: promotions', ''],
  ['Admin: referrals', ''],
  ['Admin: payments', ''],
  ['Admin: data protection', 'The record of access, subject requests, erasure'],
  ['Admin: companies', 'Hiring companies, their contacts and review links'],
  ['Admin: paperwork', 'Form CP58 for the recruiters paid: prepared here, never filed with the Inland Revenue Board'],
  ['Admin: dashboard', ''],
  ['Admin: insight', 'The referral funnel and the money views, from counters'],
] as const;
