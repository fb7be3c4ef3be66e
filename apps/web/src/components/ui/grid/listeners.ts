/**
 * Adds `listener` to the set kept under `key` in `map` (made when missing), for the grid's stores (row statuses,
 * watched values); answers its removal, which drops an emptied set and says whether `map` is then empty.
 */
export function listen<K, L>(map: Map<K, Set<L>>, key: K, listener: L): () => boolean {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) map.delete(key);
    return map.size === 0;
  };
}
