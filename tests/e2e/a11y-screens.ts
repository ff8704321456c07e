// Every screen of the route tree (src/routes), as the accessibility spec visits it: real ids from the
// demo seed (`Ids`), so each screen shows its data, not an empty or not-found state.

export type Ids = {
  /** An open task of the board. */
  taskId: number;
  /** A task the demo recruiter has joined (my tasks, admin "their task"). */
  myTaskId: number;
  /** A promo running now. */
  promoId: number;
  /** A referral of the demo recruiter and its talent. */
  referralId: number;
  talentId: number;
  /** The demo recruiter's user id (admin pages about one recruiter). */
  recruiterId: number;
  /** A fresh consent token (referral waiting for consent) and ITA token (consent confirmed). */
  consentToken: string;
  itaToken: string;
  /** A hiring company's review link of one consented candidate (tests/setup/review-link.ts). */
  reviewToken: string;
};

export type Screen = { name: string; path: string };

export const guestScreens = (ids: Ids): Screen[] => [
  { name: 'home', path: '/' },
  { name: 'contact', path: '/contact' },
  { name: 'faq', path: '/faq' },
  { name: 'privacy policy', path: '/privacy-policy' },
  { name: 'terms and conditions', path: '/terms-and-conditions' },
  { name: 'talent consent', path: `/talent/consent?token=${ids.consentToken}` },
  { name: 'talent ITA', path: `/talent/ita-success?token=${ids.itaToken}` },
  { name: 'talent link refused', path: '/talent/consent?token=not-a-real-token' },
  { name: 'talent data, no data held', path: '/talent/data?token=not-a-real-token' },
  { name: 'talent data link request', path: '/talent/data/request' },
  { name: 'company review', path: `/review?token=${ids.reviewToken}` },
  { name: 'company review, link refused', path: '/review?token=not-a-real-token' },
  { name: 'login', path: '/login' },
  { name: 'reset password', path: '/reset-password' },
  { name: 'update password', path: '/update-password?token=not-a-real-token' },
  { name: 'e-mail opt-out, link refused', path: '/notifications/unsubscribe?token=not-a-real-token' },
  { name: '404', path: '/this/page/does-not-exist' },
];

export const recruiterScreens = (ids: Ids): Screen[] => [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'task board', path: '/task' },
  { name: 'promo tasks', path: `/task/promo/${ids.promoId}` },
  { name: 'my tasks', path: '/manage-task' },
  { name: 'my task detail', path: `/manage-task/${ids.myTaskId}` },
  { name: 'referrals (talent view)', path: '/manage-task/talent-view' },
  { name: 'add talent', path: `/manage-task/add?taskId=${ids.myTaskId}` },
  { name: 'drop resume', path: `/manage-task/add/drop-resume?taskId=${ids.myTaskId}` },
  {
    name: 'profile completion',
    path: `/manage-task/add/profile-completion?taskId=${ids.myTaskId}&talentId=${ids.talentId}`,
  },
  { name: 'talents folder', path: '/talents-folder' },
  { name: 'talent profile', path: `/talents-folder/${ids.talentId}/profile` },
  { name: 'referral view', path: `/talents-folder/${ids.talentId}/profile?referral=${ids.referralId}` },
  { name: 'edit talent profile', path: `/talents-folder/${ids.talentId}/profile/edit` },
  { name: 'talent hiring status', path: `/talents-folder/${ids.talentId}/hiring-status` },
  { name: 'outbox', path: '/outbox' },
  { name: 'share target', path: '/share-target' },
  { name: 'share target (nothing shared)', path: '/share-target?empty=1' },
  { name: 'earning', path: '/earning' },
  { name: 'account', path: '/account' },
  { name: 'notifications', path: '/notifications' },
  { name: '404 (signed in)', path: '/manage-task/add' },
];

export const adminScreens = (ids: Ids): Screen[] => [
  { name: 'admin dashboard', path: '/dashboard' },
  { name: 'recruiters', path: '/admin/manage-task' },
  { name: 'add recruiter', path: '/admin/manage-task/add-recruiter' },
  { name: "a recruiter's tasks", path: `/admin/manage-task/recruiter-${ids.recruiterId}` },
  { name: "a recruiter's task detail", path: `/admin/manage-task/recruiter-${ids.recruiterId}/${ids.myTaskId}` },
  { name: "a recruiter's talents", path: `/admin/manage-task/recruiter-${ids.recruiterId}/talent-view` },
  { name: "a recruiter's tax and statement", path: `/admin/manage-task/recruiter-${ids.recruiterId}/paperwork` },
  { name: 'tasks', path: '/admin/tasks' },
  { name: 'companies', path: '/admin/companies' },
  { name: 'promos', path: '/admin/promo' },
  { name: 'promo detail', path: `/admin/promo/${ids.promoId}` },
  { name: 'promo add tasks', path: `/admin/promo/${ids.promoId}/add-tasks` },
  { name: 'hiring status', path: '/admin/hiring-status' },
  { name: 'hiring status: referral detail', path: `/admin/hiring-status?referral=${ids.referralId}` },
  { name: 'payments', path: '/admin/payments' },
  { name: 'payments: section 107D withholding', path: '/admin/payments?view=withholding' },
  { name: 'paperwork (Form CP58)', path: '/admin/paperwork' },
  { name: 'insight', path: '/admin/insight' },
  { name: 'access record', path: '/admin/access-record' },
  { name: 'data protection', path: '/admin/data-protection' },
  { name: 'data protection: requests', path: '/admin/data-protection?tab=requests' },
  { name: 'data protection: a person', path: `/admin/data-protection?person=${ids.talentId}` },
  { name: 'earning (admin)', path: '/earning' },
  { name: 'account (admin)', path: '/account' },
  { name: 'notifications (admin)', path: '/notifications' },
];
