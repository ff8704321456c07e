/** The value kept in `kept` for `key`, made by `make` the first time it is asked for. */
export function memo<V>(kept: Map<string, V>, key: string, make: () => V): V {
  let value = kept.get(key);
  if (value === undefined) {
    value = make();
    kept.set(key, value);
  }
  return value;
}
