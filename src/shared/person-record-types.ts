// The records that hold a talent beyond their profile and referrals, as `server/personal-data/person-records.ts`
// lists them for both of their readers: Admin › Data Protection (`PersonView`) and the talent's own data
// page (`TalentDataView`). Times are ISO-8601 UTC.

/** A link made for the talent or e-mailed to them (never its token): which, for which referral, until when. */
export type PersonLink = {
  id: number;
  /** CONSENT, ITA or DATA. */
  kind: string;
  referralId: number | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  voidedAt: string | null;
};

/** An e-mail to or about the talent (never its body or its address): which e-mail, and whether it went. */
export type PersonEmail = {
  id: number;
  /** The e-mail's template (consent_request, talent_answered, company_review, …): it says to whom it went. */
  template: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
};
