/**
 * Sets `key` as the newest entry of `map` (a Map keeps insertion order), first dropping the oldest
 * when `max` entries are held: the bound of the process-local caches, so memory stays bounded
 * however many tenants, triggers or queries pass through, and a dropped entry is only read again.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}
