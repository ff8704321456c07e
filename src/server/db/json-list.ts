/** A JSON-list column (skills, languages, roles) as strings; anything else reads as an empty list. */
export function jsonList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}
