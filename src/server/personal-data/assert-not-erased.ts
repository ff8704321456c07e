import { AppError } from '#src/server/errors.ts';

/** An anonymised talent (issue 24) keeps its rows for the money trail only: nothing is added or sent. */
export function assertNotErased(talent: { erased_at: string | null }): void {
  if (talent.erased_at !== null) {
    throw new AppError(
      'TALENT_ERASED',
      409,
      "This talent's personal data was erased: they cannot be changed, referred or contacted.",
    );
  }
}
