// React keys for the contact list's rows on screen (decision 225). A contact that stays on screen
// keeps its key, so its row, and the focus in it, follow it when the order changes. A contact
// that comes into view takes the key of one that left, preferably the one that was at the same
// place in the list, so React updates that row's elements where they are instead of removing
// them and building new ones (or moving them): a keystroke in the search box changes most of
// the rows on screen, and building them again was most of its cost.
//
// The key of the row that holds the focus is never given to another contact: a focused Log
// button must not turn into someone else's. That row is removed when its contact leaves the
// screen, as every row was before.

/**
 * The key of each contact in `ids` (the rows on screen, in order), given the previous keys (in
 * the order those rows were shown). The answer lists the contacts in `ids`' order.
 */
export function assignRowKeys(
  previous: ReadonlyMap<string, number>,
  ids: readonly string[],
  focusedId?: string | null,
): Map<string, number> {
  const shown = new Set(ids);
  // The keys that are free, by the place their row had.
  const freeAt: (number | undefined)[] = [];
  const free = new Set<number>();
  let nextKey = 0;
  let place = 0;
  for (const [id, key] of previous) {
    nextKey = Math.max(nextKey, key + 1);
    if (!shown.has(id) && id !== focusedId) {
      freeAt[place] = key;
      free.add(key);
    }
    place++;
  }
  const keys = new Map<string, number>();
  const waiting: string[] = [];
  ids.forEach((id, at) => {
    if (keys.has(id)) return;
    const kept = previous.get(id);
    if (kept !== undefined) {
      keys.set(id, kept);
      return;
    }
    const sameSpot = freeAt[at];
    if (sameSpot !== undefined && free.delete(sameSpot)) keys.set(id, sameSpot);
    else {
      keys.set(id, -1);
      waiting.push(id);
    }
  });
  const rest = [...free].sort((a, b) => a - b);
  waiting.forEach((id, i) => keys.set(id, rest[i] ?? nextKey++));
  return keys;
}

/** Whether two key assignments give every contact the same key. */
export function sameRowKeys(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) {
  if (a.size !== b.size) return false;
  for (const [id, key] of a) if (b.get(id) !== key) return false;
  return true;
}
