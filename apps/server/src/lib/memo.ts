/** `build(key)` once per key object, kept as long as the key lives (a database, a secret). */
export function memoizeByObject<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    const existing = made.get(key);
    if (existing !== undefined) return existing;
    const value = build(key);
    made.set(key, value);
    return value;
  };
}
