// Apart from note-analysis.ts, which finds them, because note-messages.ts words them and the analysis
// uses those words: neither imports the other's module for the type.
/** What the note says, aspect by aspect: enough to decide coverage and to word the suggestions. */
export interface NoteFindings {
  salary: { current: boolean; expected: boolean };
  availability: boolean;
  reason: boolean;
  experience: { skillsFound: string[]; skillsMissing: string[]; years: boolean };
  languages: { missing: string[] };
  location: boolean;
  communication: boolean;
}
