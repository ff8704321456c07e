/**
 * The letters of a user's avatar: the first letters of the first two words of the name ("Ahmad Faizal
 * Ibrahim" → AF; first and last, as before, read "AI", like the AI helper: issue 21). Two letters that
 * still spell "AI" ("Ahmad Ismail") would read the same, so such a name shows its first letter only.
 */
export function initials(name: string): string {
  const [first = '', second = ''] = name.trim().split(/\s+/).filter(Boolean);
  const letters = `${[...first][0] ?? ''}${[...second][0] ?? ''}`.toUpperCase();
  if (letters === 'AI') return 'A';
  return letters || '?';
}
