import { m } from '#src/paraglide/messages.js';

// An anonymised talent keeps their rows for the money trail with every personal field emptied: their
// name is '' (personal-data/erase-talent.ts), and a name is otherwise never empty (personName, required).
// Every screen, and every e-mail, that names a talent says so through this one helper instead of showing
// a blank (issue 24).

/** The name to show for a talent: theirs, or "Erased candidate" in the reader's language. */
export function talentDisplayName(
  fullName: string | null | undefined,
  options?: { locale?: 'en' | 'ms' | 'zh' },
): string {
  return fullName?.trim() ? fullName : m.talent_erased_name({}, options);
}

/** Whether a talent's personal data was erased (anonymised): no name, or `erasedAt` set. */
export const isErasedTalent = (talent: { fullName?: string | null; erasedAt?: string | null }) =>
  Boolean(talent.erasedAt) || !talent.fullName?.trim();

/**
 * A talent's e-mail and phone joined for a line ("a@b.my · +60…"). An anonymised talent's unique columns
 * hold a placeholder ("erased:<id>"), never anyone's address: those are left out, not shown.
 */
export function talentContact(...values: Array<string | null | undefined>): string {
  return values.filter((value): value is string => Boolean(value) && !value?.startsWith('erased:')).join(' · ');
}
