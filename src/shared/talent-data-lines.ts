import type { AppLocale } from './enums';
import type { TalentDataCallProof, TalentDataReferral } from './talent-link-data';

// The talent's data as sections of labelled lines, in their language (talent-link-document.ts builds them):
// the data page shows them and the readable download prints them, so the file holds what the page shows.

export type DataLine = { label: string; value: string };
export type DataItem = {
  title: string;
  lines: DataLine[];
  referral?: TalentDataReferral;
  proof?: TalentDataCallProof;
  /** What tells the item from the others where the title may not (two requests sent the same minute). */
  id?: string;
};
export type DataSection = {
  id:
    | 'profile'
    | 'resume'
    | 'referrals'
    | 'proofs'
    | 'decisions'
    | 'requests'
    | 'shares'
    | 'links'
    | 'emails'
    | 'access';
  heading: string;
  lines: DataLine[];
  items: DataItem[];
  /** Said when the section holds nothing. */
  empty: string | null;
};

/** The reader's language, for the messages' second argument. */
export type LocaleOption = { locale: AppLocale };
/** A message without inputs, in a given language. */
export type Label = (inputs: Record<string, never>, options: LocaleOption) => string;
/** An ISO time formatted for the reader (the page in the browser's zone, the download in Malaysia's). */
export type DateText = (iso: string) => string;
