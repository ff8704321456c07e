// When the request behind a query's data was sent, per data object. A list read that started before an
// outbox entry was sent cannot show the entry's record, even when its answer arrives after the send
// (dataUpdatedAt is the arrival): the screens that keep a sent entry on show until its list has the
// record compare the send with this. Queries stamped here turn off structural sharing, so an unchanged
// answer is a new object with its own stamp rather than the old object with the old one.

const stamps = new WeakMap<object, number>();

/** Runs the request, and remembers on its answer when it was sent. */
export async function stampRequest<T extends object>(load: () => Promise<T>): Promise<T> {
  const at = Date.now();
  const data = await load();
  stamps.set(data, at);
  return data;
}

/** When the request behind `data` was sent; `fallback` for data from elsewhere (a restored cache). */
export const requestedAt = (data: object | undefined, fallback: number): number =>
  (data && stamps.get(data)) ?? fallback;
