// Why a resume's text could not be read. Both callers treat every one of them as "no text": the parser
// marks the talent FAILED, the contact read answers all null, and the recruiter types the fields.

/** Corrupt, encrypted, or not what its type says. */
export class ResumeUnreadable extends Error {
  override name = 'ResumeUnreadable';
}

/** Over a limit set for hostile files: a zip bomb, too many entries, or the reader's memory or time. */
export class ResumeTooComplex extends ResumeUnreadable {
  override name = 'ResumeTooComplex';
}
