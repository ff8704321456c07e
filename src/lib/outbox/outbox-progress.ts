// How far this tab's sends have gone, apart from the runner: screens that only show progress (the
// layout's unsent badge, an entry card) read it without loading the runner, its upload transport and
// its replay (issue 7: the app layout is on every signed-in first load).

const progress = new Map<string, number>();
const listeners = new Set<() => void>();

/** 0..1 of the bytes of the entry's send in this tab, or null when it is not being sent here. */
export const progressOf = (id: string): number | null => progress.get(id) ?? null;

export function subscribeProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The runner: the entry's send has reached `fraction` (0..1), or ended (null). */
export function setProgress(id: string, fraction: number | null): void {
  if (fraction === null) progress.delete(id);
  else progress.set(id, fraction);
  for (const listener of listeners) listener();
}

/** True while this tab sends something. */
export const isSending = (): boolean => progress.size > 0;
